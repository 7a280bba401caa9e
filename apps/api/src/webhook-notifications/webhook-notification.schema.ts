import { EVENT_NAMES, REFERENCE_OBJECT_TYPES } from '@quayside/domain';
import type { Schema } from '../openapi/json-api-schemas';
import { NULLABLE_DATE_TIME, resourceSchema, toOne } from '../openapi/json-api-schemas';

/** OpenAPI schema of the webhook notification resource. */

const DATE_TIME: Schema = { type: 'string', format: 'date-time' };
const EVENT: Schema = { type: 'string', enum: [...EVENT_NAMES] };

export const WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA: Schema = resourceSchema(
  'webhook_notification',
  {
    id: { type: 'string', format: 'uuid' },
    event: EVENT,
    delivery_status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    created_at: DATE_TIME,
    updated_at: DATE_TIME,
    attempts: { type: 'integer', description: 'Attempts of the current series (a redelivery starts a new series at 0).' },
    last_response_status: { type: 'integer', nullable: true },
    last_response_body: { type: 'string', nullable: true, description: 'At most 20 KB of the last answer.' },
    last_error: { type: 'string', nullable: true },
    last_attempted_at: NULLABLE_DATE_TIME,
    next_attempt_at: NULLABLE_DATE_TIME,
  },
  {
    webhook: toOne('webhook', false),
    reference_object: toOne([...REFERENCE_OBJECT_TYPES], false),
  },
  ['event', 'delivery_status', 'created_at'],
);
