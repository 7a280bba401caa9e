import { CHANGESET_ATTRIBUTES, DATA_SOURCES, ESTIMATED_EVENT_NAMES } from '@quayside/domain';
import { CONTAINER_SCHEMA } from '../containers/container.schema';
import { CUSTOM_FIELD_SCHEMA } from '../custom-fields/custom-field.schema';
import { DOCUMENT_REPRESENTATION_SCHEMA, DOCUMENT_SCHEMA } from '../documents/document.schema';
import type { Schema } from '../openapi/json-api-schemas';
import { NULLABLE_STRING, resourceSchema, toOne } from '../openapi/json-api-schemas';
import { portSchema, terminalSchema } from '../reference-data/reference-resources.openapi';
import { shipmentSchema } from '../shipments/shipment.openapi';
import { trackingRequestSchema } from '../tracking-requests/tracking-request.openapi';
import { TRANSPORT_EVENT_SCHEMA } from '../transport-events/transport-event.schema';

/**
 * The resources a webhook notification's `included` holds that have no route of their own: the
 * reference objects of estimate and container-change events, exactly as `libs/webhooks`
 * serializes them (docs/webhooks.md). They exist only inside payloads, so no self link.
 */
export const ESTIMATED_EVENT_SCHEMA: Schema = resourceSchema(
  'estimated_event',
  {
    event: { type: 'string', enum: [...ESTIMATED_EVENT_NAMES] },
    estimated_timestamp: { type: 'string', format: 'date-time', description: 'The estimate, in UTC.' },
    location_locode: { ...NULLABLE_STRING, description: 'UN/LOCODE of where it is expected.' },
    timezone: { ...NULLABLE_STRING, description: 'IANA zone of that place.' },
    voyage_number: NULLABLE_STRING,
    created_at: { type: 'string', format: 'date-time', description: 'When the service stored the estimate.' },
    data_source: { type: 'string', enum: ['shipping_line', 'terminal'] },
  },
  {
    shipment: toOne('shipment', false),
    port: toOne('port'),
    vessel: { ...toOne('vessel'), description: 'Always null in payloads: estimates name no vessel record.' },
  },
  ['event', 'estimated_timestamp', 'created_at'],
  { selfLink: false },
);

const CHANGE_ATTRIBUTES: Record<string, Schema> = {
  changeset: {
    type: 'object',
    description: `Each changed attribute as [old, new]. Attributes: ${CHANGESET_ATTRIBUTES.join(', ')} (those the account lacks a feature for are left out).`,
    additionalProperties: { type: 'array', minItems: 2, maxItems: 2, items: {} },
    example: { pickup_lfd: [null, '2026-08-20T07:00:00.000Z'] },
  },
  timestamp: { type: 'string', format: 'date-time', description: 'When the change was seen, in UTC.' },
  timezone: { ...NULLABLE_STRING, description: 'IANA zone of the terminal.' },
  data_source: { type: 'string', enum: [...DATA_SOURCES] },
};

export const CONTAINER_UPDATED_EVENT_SCHEMA: Schema = resourceSchema(
  'container_updated_event',
  CHANGE_ATTRIBUTES,
  { container: toOne('container', false), terminal: toOne('terminal') },
  ['changeset', 'timestamp'],
  { selfLink: false },
);

export const CONTAINER_POD_TERMINAL_CHANGED_EVENT_SCHEMA: Schema = resourceSchema(
  'container_pod_terminal_changed_event',
  { ...CHANGE_ATTRIBUTES, changeset: { type: 'object', description: 'Always `{}`: the change is the `terminal` relationship.' } },
  {
    container: toOne('container', false),
    shipment: toOne('shipment'),
    terminal: { ...toOne('terminal'), description: 'The terminal the container has changed to.' },
  },
  ['timestamp'],
  { selfLink: false },
);

/** Every resource type a notification's `included` may hold. */
export const WEBHOOK_PAYLOAD_INCLUDED: readonly Schema[] = [
  trackingRequestSchema,
  ESTIMATED_EVENT_SCHEMA,
  TRANSPORT_EVENT_SCHEMA,
  CONTAINER_UPDATED_EVENT_SCHEMA,
  CONTAINER_POD_TERMINAL_CHANGED_EVENT_SCHEMA,
  shipmentSchema,
  CONTAINER_SCHEMA,
  portSchema,
  terminalSchema,
  CUSTOM_FIELD_SCHEMA,
  // document.extracted / document.extraction_failed
  DOCUMENT_SCHEMA,
  DOCUMENT_REPRESENTATION_SCHEMA,
];
