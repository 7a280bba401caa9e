import type { Schema } from '../openapi/json-api-schemas';
import { instant, nullableString, stringList } from '../openapi/json-api-schemas';

const nullableInteger = (description: string): Schema => ({ type: 'integer', nullable: true, description });
const nullableBoolean = (description: string): Schema => ({ type: 'boolean', nullable: true, description });

/** One match of `/v2/search`: the same attributes whatever its kind, null where they do not apply. */
export const SEARCH_RESULT_SCHEMA: Schema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      maxItems: 25,
      items: {
        type: 'object',
        required: ['id', 'type', 'attributes'],
        properties: {
          id: { type: 'string', format: 'uuid', description: 'Id of the matched resource' },
          type: { type: 'string', enum: ['shipment', 'cargo', 'tracking_request'], description: '`cargo` is a container' },
          attributes: {
            type: 'object',
            properties: {
              entity_type: { type: 'string', enum: ['shipment', 'cargo', 'tracking_request'] },
              number: {
                type: 'string',
                description: 'Bill of lading (shipments), container number (cargos) or request number (tracking requests)',
              },
              shipment_id: nullableString('The shipment of a cargo or of a tracking request'),
              scac: nullableString('SCAC of the shipping line'),
              port_of_lading_name: nullableString('Shipments only'),
              port_of_discharge_name: nullableString('Shipments only'),
              containers_count: nullableInteger('Shipments only'),
              tracking_stopped: nullableBoolean('Shipments only'),
              tracking_stopped_reason: nullableString('Shipments only'),
              status: nullableString('Tracking requests only'),
              failed_reason: nullableString('Tracking requests only'),
              ref_numbers: stringList('Customer reference numbers'),
              created_at: instant(),
              updated_at: instant(),
            },
          },
        },
      },
    },
  },
};

/** One shipment found by its bill of lading (the answer of `GET /v2/search?query=MEDUA1234`). */
export const SEARCH_RESULT_EXAMPLE = {
  data: [
    {
      id: 'abc12345-6789-40ef-9012-3456789abcde',
      type: 'shipment',
      attributes: {
        entity_type: 'shipment',
        number: 'MEDUA1234567',
        shipment_id: null,
        scac: 'MSCU',
        port_of_lading_name: 'Shanghai',
        port_of_discharge_name: 'Los Angeles',
        containers_count: 3,
        tracking_stopped: false,
        tracking_stopped_reason: null,
        status: null,
        failed_reason: null,
        ref_numbers: ['PO-2026-001'],
        created_at: '2026-01-15T10:30:00.000Z',
        updated_at: '2026-03-01T14:22:00.000Z',
      },
    },
  ],
};
