import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { WebhookHeaderInput } from './webhook-header.dto';

/** `data.attributes` of `POST /v2/webhooks`. */
export class CreateWebhookAttributes {
  @ApiProperty({
    description: 'Where notifications are posted. https (http only where the service allows it for local development); the host must be and resolve to a public address.',
    format: 'uri',
    maxLength: 2048,
    example: 'https://hooks.example.com/quayside',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({ description: 'Whether notifications are delivered.', default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiProperty({
    description: 'The events to deliver: at least one, each once, each a name from GET /v2/webhooks/events.',
    type: [String],
    enum: EVENT_NAMES,
    uniqueItems: true,
    minItems: 1,
    example: ['tracking_request.succeeded', 'container.transport.vessel_arrived'],
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENT_NAMES.length * 2)
  events!: unknown[];

  @ApiPropertyOptional({ description: 'Custom headers sent with every delivery (at most 20).', type: [WebhookHeaderInput], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => WebhookHeaderInput)
  headers?: WebhookHeaderInput[] | null;
}
