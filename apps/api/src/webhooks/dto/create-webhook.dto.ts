import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import { WEBHOOK_FORMATS } from '@quayside/data-access';
import type { WebhookFormat } from '@quayside/data-access';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { WebhookHeaderInput } from './webhook-header.dto';
import { WebhookEventsMember, WebhookHeadersMember, WebhookUrlMember } from './webhook-members.decorator';

/** `data.attributes` of `POST /v2/webhooks`. */
export class CreateWebhookAttributes {
  @ApiProperty({
    description:
      'Where notifications are posted. https (http only where the service allows it for local development); the host must be and resolve to a public address.',
    format: 'uri',
    maxLength: 2048,
    example: 'https://hooks.example.com/quayside',
  })
  @WebhookUrlMember()
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
  @WebhookEventsMember()
  events!: unknown[];

  @ApiPropertyOptional({
    description:
      'What is posted: `json_api` (the notification document, the default) or `dcsa_tnt_3` (a DCSA Track & Trace 3.0 `POST /events` body for each milestone DCSA has an event for; docs/dcsa.md). Set at creation.',
    enum: WEBHOOK_FORMATS,
    default: 'json_api',
  })
  @IsOptional()
  @IsIn(WEBHOOK_FORMATS, { message: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` })
  format?: WebhookFormat;

  @ApiPropertyOptional({ description: 'Custom headers sent with every delivery (at most 20).', type: [WebhookHeaderInput], nullable: true })
  @WebhookHeadersMember()
  headers?: WebhookHeaderInput[] | null;
}
