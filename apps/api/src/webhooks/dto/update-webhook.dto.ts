import { ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { WebhookHeaderInput } from './webhook-header.dto';

/** `data.attributes` of `PATCH /v2/webhooks/{id}`: every member optional; what is sent replaces what was. */
export class UpdateWebhookAttributes {
  @ApiPropertyOptional({ description: 'A new endpoint URL, checked as on creation.', format: 'uri', maxLength: 2048 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({
    description: 'true turns a webhook back on (clearing `deactivated_reason` and `deactivated_at` when the service had turned it off); false turns it off.',
  })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ description: 'Replaces the subscribed events.', type: [String], enum: EVENT_NAMES, uniqueItems: true, minItems: 1 })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENT_NAMES.length * 2)
  events?: unknown[];

  @ApiPropertyOptional({ description: 'Replaces the custom headers; [] or null removes them.', type: [WebhookHeaderInput], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => WebhookHeaderInput)
  headers?: WebhookHeaderInput[] | null;
}
