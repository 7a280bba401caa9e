import { listDocument, resourceSchema, singleDocument, toOne } from '../openapi/json-api-schemas';
import type { Schema } from '../openapi/json-api-schemas';
import { exampleAll, exampleOne, exampleRequest } from '../openapi/example-documents';

/** OpenAPI schema and examples of the API key resource. */

export const API_KEY_SCHEMA: Schema = resourceSchema(
  'api_key',
  {
    name: { type: 'string' },
    masked_key: { type: 'string', description: 'Prefix and last four characters.' },
    prefix: { type: 'string' },
    last_four: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: 'string', format: 'date-time', nullable: true },
    key: { type: 'string', description: 'The full key: only in the answer to its creation, never again.' },
  },
  { account: toOne('account', false) },
  ['name', 'masked_key', 'prefix', 'last_four'],
);

export const API_KEY_LIST = listDocument(API_KEY_SCHEMA);
export const API_KEY_ONE = singleDocument(API_KEY_SCHEMA);

const ID = '7c9e1a3b-5d7f-4b9d-a1c3-e5f7a9b1c3d5';
const KEY = 'qs_live_4fT9kQ2mXw7Rb1Lp8Zc3Vn6Hd0Js5Ye2Ua7Gi9Ko1Mq';
const ATTRIBUTES = {
  name: 'billing integration',
  masked_key: `qs_live_****${KEY.slice(-4)}`,
  prefix: 'qs_live_',
  last_four: KEY.slice(-4),
  created_at: '2026-08-02T08:00:12.000Z',
  last_used_at: '2026-08-14T09:58:41.000Z',
};
const API_KEY = {
  id: ID,
  type: 'api_key',
  attributes: ATTRIBUTES,
  relationships: { account: { data: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', type: 'account' } } },
  links: { self: `/v2/api_keys/${ID}` },
};

export const API_KEY_LIST_EXAMPLE = exampleAll('/v2/api_keys', [API_KEY]);
export const API_KEY_EXAMPLE = exampleOne(API_KEY);
export const CREATE_API_KEY_BODY_EXAMPLE = { billing: { value: exampleRequest('api_key', { name: 'billing integration' }) } };
export const CREATED_API_KEY_EXAMPLE = exampleOne({
  ...API_KEY,
  attributes: { ...ATTRIBUTES, created_at: '2026-08-14T12:10:00.000Z', last_used_at: null, key: KEY },
});
