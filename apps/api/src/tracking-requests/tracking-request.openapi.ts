import { FAILED_REASONS, REQUEST_TYPES, TRACKING_REQUEST_STATUSES } from '@quayside/domain';
import type { Schema } from '../openapi/json-api-schemas';
import { instant, resourceSchema, stringList, toOne } from '../openapi/json-api-schemas';

/** OpenAPI schema of the tracking_request resource (the established API's model, our status names). */
export const trackingRequestSchema: Schema = resourceSchema(
  'tracking_request',
  {
    request_number: { type: 'string', example: 'MEDUFR030802' },
    request_type: { type: 'string', enum: [...REQUEST_TYPES] },
    scac: {
      type: 'string',
      example: 'MSCU',
      description: "The line's own SCAC (an alternative SCAC sent on create is stored as the line's).",
    },
    ref_numbers: stringList(),
    tags: stringList(),
    shipment_tags: { ...stringList(), description: "The established API's name for the tags of the shipment: the same list as `tags`." },
    status: { type: 'string', enum: [...TRACKING_REQUEST_STATUSES], description: 'The established API calls `succeeded` `created`.' },
    failed_reason: {
      type: 'string',
      enum: [...FAILED_REASONS],
      nullable: true,
      description: 'Why the request failed, or the temporary reason while it is being retried (`is_retrying`).',
    },
    is_retrying: { type: 'boolean' },
    retry_count: { type: 'integer', description: 'Attempts retried after a temporary failure.' },
    created_at: instant(),
    updated_at: instant(),
  },
  {
    tracked_object: toOne('shipment'),
    customer: { ...toOne('party'), description: "The account's party the request is for, named on create or PATCH; null when none was." },
    user: { ...toOne('user'), description: 'Always null: Quayside has API keys, not users.' },
  },
  ['request_number', 'request_type', 'scac', 'status', 'created_at'],
);

/** `relationships` a create or PATCH document may carry: the customer (a party of the account; `{"data": null}` unlinks it on PATCH). */
export const TRACKING_REQUEST_WRITE_RELATIONSHIPS: Record<string, Schema> = { customer: toOne('party') };

export const inferNumberResultSchema: Schema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: { type: 'string', example: 'req_123e4567-e89b-12d3-a456-426614174000' },
        type: { type: 'string', enum: ['infer_number_results'] },
        attributes: {
          type: 'object',
          properties: {
            number_type: {
              type: 'string',
              enum: ['container', 'bill_of_lading', 'booking'],
              description:
                'Never null: a bill of lading or booking number of no known carrier prefix says `bill_of_lading`, as the established API does; `request_type` (null then) and `possible_request_types` tell the two apart.',
            },
            request_type: {
              type: 'string',
              enum: [...REQUEST_TYPES],
              nullable: true,
              description: 'The best `request_type` for POST /tracking_requests; null when bill of lading and booking are equally likely.',
            },
            possible_request_types: { type: 'array', items: { type: 'string', enum: [...REQUEST_TYPES] } },
            validation: {
              type: 'object',
              properties: {
                is_valid: { type: 'boolean' },
                type: { type: 'string', enum: ['container', 'shipment'] },
                check_digit_passed: { type: 'boolean', nullable: true },
                parsed_number: { type: 'string', nullable: true },
                reason: { type: 'string', nullable: true },
              },
            },
            shipping_line: {
              type: 'object',
              properties: {
                decision: { type: 'string', enum: ['auto_select', 'needs_confirmation', 'no_prediction'] },
                selected: {
                  type: 'object',
                  nullable: true,
                  properties: { scac: { type: 'string' }, name: { type: 'string' }, confidence: { type: 'number' } },
                },
                candidates: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { scac: { type: 'string' }, name: { type: 'string' }, confidence: { type: 'number' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
