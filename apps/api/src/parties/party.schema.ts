import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PARTY_ROLES, ROLEABLE_TYPES } from '@quayside/domain';
import { NULLABLE_STRING, requestDocument, resourceSchema, toOne } from '../openapi/json-api-schemas';

export const PARTY_SCHEMA: SchemaObject = resourceSchema('party', {
  company_name: { type: 'string' },
  nickname: NULLABLE_STRING,
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
});

export const PARTY_ROLE_SCHEMA: SchemaObject = resourceSchema(
  'party_role',
  {
    role: { type: 'string', enum: [...PARTY_ROLES] },
    roleable_type: { type: 'string', enum: [...ROLEABLE_TYPES], description: '`Cargo` for containers.' },
    roleable_id: { type: 'string', format: 'uuid', description: 'Id of the shipment or container.' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  { party: toOne('party', false) },
);

/** `{data: {type, attributes: {$ref}}}` */
export function partyBody(attributesRef: string): SchemaObject {
  return requestDocument('party', `#/components/schemas/${attributesRef}`);
}

export const PARTY_ROLE_BODY: SchemaObject = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['type', 'relationships'],
      properties: {
        type: { type: 'string', enum: ['party_role'] },
        attributes: { $ref: '#/components/schemas/PartyRoleAttributes' },
        relationships: {
          type: 'object',
          required: ['party'],
          properties: { party: toOne('party', false) },
        },
      },
    },
  },
  example: {
    data: {
      type: 'party_role',
      attributes: { role: 'pickup_dray_carrier' },
      relationships: { party: { data: { id: 'b1c2d3e4-0000-4000-8000-000000000001', type: 'party' } } },
    },
  },
};
