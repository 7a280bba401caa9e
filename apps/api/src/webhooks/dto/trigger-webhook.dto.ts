import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/**
 * Body of `POST /v2/webhooks/trigger`, flat as in the established API (`{url, event, secret}`), or
 * the same members under `data.attributes`. `webhook_id` (beyond the established API) sends to a
 * registered webhook instead: its URL, its secret and its custom headers, like a real delivery.
 */
export class TriggerWebhookInput {
  @ApiProperty({ description: 'Event whose example payload is sent.', enum: EVENT_NAMES, example: 'tracking_request.succeeded' })
  @IsString()
  event!: string;

  @ApiPropertyOptional({
    description: 'Destination URL (https; checked like a webhook URL). Give this or `webhook_id`.',
    format: 'uri',
    maxLength: 2048,
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({
    description:
      'With `url`: secret that signs the request (`X-T49-Webhook-Signature`, `webhook-signature`). Without it nothing is signed.',
    maxLength: 256,
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  secret?: string;

  @ApiPropertyOptional({
    description: 'A webhook of this account to send to, signed with its secret and carrying its custom headers. Give this or `url`.',
    format: 'uuid',
  })
  @IsOptional()
  @IsString()
  webhook_id?: string;
}
