import { ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import { IsBoolean, IsOptional } from 'class-validator';
import { WebhookHeaderInput } from './webhook-header.dto';
import { WebhookEventsMember, WebhookHeadersMember, WebhookUrlMember } from './webhook-members.decorator';

/** `data.attributes` of `PATCH /v2/webhooks/{id}`: every member optional; what is sent replaces what was. */
export class UpdateWebhookAttributes {
  @ApiPropertyOptional({ description: 'A new endpoint URL, checked as on creation.', format: 'uri', maxLength: 2048 })
  @IsOptional()
  @WebhookUrlMember()
  url?: string;

  @ApiPropertyOptional({
    description:
      'true turns a webhook back on (clearing `deactivated_reason` and `deactivated_at` when the service had turned it off); false turns it off.',
  })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({
    description: 'Replaces the subscribed events.',
    type: [String],
    enum: EVENT_NAMES,
    uniqueItems: true,
    minItems: 1,
  })
  @IsOptional()
  @WebhookEventsMember()
  events?: unknown[];

  @ApiPropertyOptional({ description: 'Replaces the custom headers; [] or null removes them.', type: [WebhookHeaderInput], nullable: true })
  @WebhookHeadersMember()
  headers?: WebhookHeaderInput[] | null;
}
