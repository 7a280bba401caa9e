import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { EVENT_NAMES } from '@quayside/domain';
import { NULLABLE_DATE_TIME, resourceSchema } from '../openapi/json-api-schemas';

/** OpenAPI schemas of the webhook resource and of the webhook tools. */

const DATE_TIME: SchemaObject = { type: 'string', format: 'date-time' };
const EVENT: SchemaObject = { type: 'string', enum: [...EVENT_NAMES] };

export const WEBHOOK_RESOURCE_SCHEMA: SchemaObject = resourceSchema(
  'webhook',
  {
    url: { type: 'string', format: 'uri' },
    active: { type: 'boolean' },
    events: { type: 'array', items: EVENT, uniqueItems: true, minItems: 1 },
    secret: { type: 'string', description: 'Signs every delivery (HMAC-SHA256 keyed with its UTF-8 bytes; docs/webhooks.md).' },
    headers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } } },
    format: {
      type: 'string',
      enum: ['json_api', 'dcsa_tnt_3'],
      description: 'What is posted: the notification document, or a DCSA 3.0 `POST /events` body (docs/dcsa.md).',
    },
    created_at: DATE_TIME,
    updated_at: DATE_TIME,
    deactivated_reason: {
      type: 'string',
      nullable: true,
      description: 'Why the service turned the webhook off (failing for 5 days without a success); null otherwise.',
    },
    deactivated_at: NULLABLE_DATE_TIME,
    last_success_at: NULLABLE_DATE_TIME,
    failing_since: { ...NULLABLE_DATE_TIME, description: 'Start of the current run of failed deliveries; null after a success.' },
  },
  {},
  ['url', 'active', 'events', 'secret'],
);

export const EVENT_CATEGORIES_DOCUMENT: SchemaObject = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', example: 'tracking-request-events' },
          type: { type: 'string', enum: ['webhook_event_category'] },
          attributes: {
            type: 'object',
            properties: {
              name: { type: 'string', example: 'Tracking Request Events' },
              events: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'description'],
                  properties: {
                    name: EVENT,
                    description: { type: 'string' },
                    required_feature: {
                      type: 'string',
                      nullable: true,
                      description: 'Account feature needed to subscribe (e.g. `rail_lfd`).',
                    },
                    available: { type: 'boolean', description: 'Whether this account may subscribe to it.' },
                    emitted: { type: 'boolean', description: 'False for reference events this service never sends.' },
                  },
                },
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      properties: { size: { type: 'integer' }, total: { type: 'integer' }, events: { type: 'integer', example: EVENT_NAMES.length } },
    },
  },
};

export const WEBHOOK_IPS_DOCUMENT: SchemaObject = {
  type: 'object',
  properties: {
    webhook_notification_ips: { type: 'array', items: { type: 'string' }, example: ['203.0.113.10'] },
    last_updated: { type: 'string', format: 'date-time', description: 'When the running service read this list from its configuration.' },
  },
};

export const TRIGGER_REPORT_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri' },
    event: EVENT,
    webhook_id: { type: 'string', format: 'uuid', nullable: true },
    notification_id: { type: 'string', format: 'uuid', description: 'The `webhook-id` header of this test delivery.' },
    succeeded: { type: 'boolean', description: 'The receiver answered 200, 201, 202 or 204.' },
    error: { type: 'string', nullable: true },
    status_code: { type: 'integer', nullable: true },
    duration_ms: { type: 'integer' },
    request_headers: { type: 'object', additionalProperties: { type: 'string' } },
    request_body: { type: 'string' },
    response_headers: { type: 'object', nullable: true, additionalProperties: { type: 'string' } },
    response_body: { type: 'string', nullable: true, description: 'At most 20 KB.' },
  },
};
