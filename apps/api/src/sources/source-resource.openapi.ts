import { SOURCE_ERROR_CLASSES, SOURCE_KINDS } from '@quayside/domain';
import type { Schema } from '../openapi/json-api-schemas';
import { instant } from '../openapi/json-api-schemas';
import { SOURCE_TYPE } from './source-resource';

/** Its id is `<kind>-<code>`, not a UUID, so the schema is written out rather than made by `resourceSchema`. */
export const sourceSchema: Schema = {
  type: 'object',
  required: ['id', 'type', 'attributes'],
  description: 'Quayside extension: a source this server asks, and how it has been answering (docs/carriers.md, "Source health").',
  properties: {
    id: { type: 'string', description: '`<kind>-<code>`, e.g. `carrier-MAEU`' },
    type: { type: 'string', enum: [SOURCE_TYPE] },
    attributes: {
      type: 'object',
      required: ['kind', 'code', 'adapter', 'sandbox', 'experimental', 'status', 'calls_last_hour'],
      properties: {
        kind: { type: 'string', enum: [...SOURCE_KINDS] },
        code: { type: 'string', description: 'SCAC (carrier, rail) or FIRMS code (terminal)' },
        adapter: { type: 'string', description: '`dcsa`, `apmt` or `sandbox`' },
        sandbox: { type: 'boolean', description: 'Scripted data, not a real source.' },
        experimental: {
          type: 'boolean',
          description: 'Its published schema could not be verified (docs/carriers.md, "Published contracts").',
        },
        status: {
          type: 'string',
          enum: ['unknown', 'ok', 'failing', 'down'],
          description:
            '`unknown`: not called yet; `ok`: its newest call succeeded; `failing`: its calls fail; `down`: they have failed for the outage time and a notice to the operator is sent (or queued for retry when `OPERATOR_WEBHOOK_URL` does not answer).',
        },
        last_success_at: instant('When it last answered successfully.'),
        last_error_at: instant('When a call of it last failed.'),
        last_error_class: { type: 'string', nullable: true, enum: [...SOURCE_ERROR_CLASSES, null] },
        failing_since: instant('The first failed call since its last success; null while it answers.'),
        calls_last_hour: { type: 'integer', minimum: 0 },
        error_rate_last_hour: {
          type: 'number',
          nullable: true,
          minimum: 0,
          maximum: 1,
          description: 'Share of the last hour’s calls that failed; null when none was made.',
        },
        oldest_data_at: instant('When the oldest data of an actively followed shipment it answers for was fetched.'),
        quota: {
          type: 'object',
          nullable: true,
          description:
            'Its quota as every tracker-worker together uses it (docs/carriers.md, "Limits"), as last read (`read_at`); null before a worker read it.',
          required: ['requests_last_minute', 'requests_per_minute', 'in_flight', 'max_concurrency', 'paused_until', 'read_at'],
          properties: {
            requests_last_minute: { type: 'integer', minimum: 0, description: 'Requests started in its rolling minute.' },
            requests_per_minute: { type: 'integer', nullable: true, description: 'Its `requestsPerMinute`; null without a rate limit.' },
            in_flight: { type: 'integer', minimum: 0 },
            max_concurrency: { type: 'integer', minimum: 0 },
            paused_until: instant('Until when the source asked to be left alone (429, Retry-After); null when it did not.'),
            read_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  },
};
