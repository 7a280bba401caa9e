import { ERROR_DOCUMENT, listDocument, resourceSchema, singleDocument, toOne } from '../openapi/json-api-schemas';
import type { Schema } from '../openapi/json-api-schemas';
import { exampleAll, exampleOne, exampleRequest } from '../openapi/example-documents';

/** OpenAPI schema and examples of the widget key resource (docs/widget.md). */

export const WIDGET_KEY_SCHEMA: Schema = resourceSchema(
  'widget_key',
  {
    name: { type: 'string' },
    key: { type: 'string', description: 'The publishable key, shown in full every time: it is meant to sit in web pages.' },
    allowed_origins: { type: 'array', items: { type: 'string' }, description: 'Origins whose pages may embed the widget.' },
    created_at: { type: 'string', format: 'date-time' },
  },
  { account: toOne('account', false) },
  ['name', 'key', 'allowed_origins'],
);

export const WIDGET_KEY_LIST = listDocument(WIDGET_KEY_SCHEMA);
export const WIDGET_KEY_ONE = singleDocument(WIDGET_KEY_SCHEMA);
export const FEATURE_403 = {
  status: 403,
  description: 'The account is not enabled for the widget (`feature_not_enabled`, feature `map_widget`).',
  schema: ERROR_DOCUMENT,
};

const ID = '4b6d8f0a-2c4e-4a6c-8e0b-3d5f7b9d1f3a';
const ATTRIBUTES = {
  name: 'customer portal',
  key: 'qs_pk_Vb7Qm2xK9pLr4TzN8wHc3Ed6',
  allowed_origins: ['https://portal.pacificcoastimports.example.com'],
  created_at: '2026-08-05T13:22:48.000Z',
};
const WIDGET_KEY = {
  id: ID,
  type: 'widget_key',
  attributes: ATTRIBUTES,
  relationships: { account: { data: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', type: 'account' } } },
  links: { self: `/v2/widget_keys/${ID}` },
};

export const WIDGET_KEY_LIST_EXAMPLE = exampleAll('/v2/widget_keys', [WIDGET_KEY]);
export const WIDGET_KEY_EXAMPLE = exampleOne(WIDGET_KEY);
export const CREATE_WIDGET_KEY_BODY_EXAMPLE = {
  portal: { value: exampleRequest('widget_key', { name: ATTRIBUTES.name, allowed_origins: ATTRIBUTES.allowed_origins }) },
};
const ORIGINS = [...ATTRIBUTES.allowed_origins, 'https://staging-portal.pacificcoastimports.example.com'];
export const UPDATE_WIDGET_KEY_BODY_EXAMPLE = { addOrigin: { value: exampleRequest('widget_key', { allowed_origins: ORIGINS }) } };
export const UPDATED_WIDGET_KEY_EXAMPLE = exampleOne({ ...WIDGET_KEY, attributes: { ...ATTRIBUTES, allowed_origins: ORIGINS } });
