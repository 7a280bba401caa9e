import type { DocumentSchemaDefinition } from '@quayside/domain';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const DOCUMENT_SCHEMA_TYPE = 'document_schema';

// The schemas ship with this release; they became active when it was built.
const ACTIVE_AT = '2026-11-01T00:00:00.000Z';

export const documentSchemaResource: ResourceDefinition<DocumentSchemaDefinition, AccountContext> = {
  type: DOCUMENT_SCHEMA_TYPE,
  id: (schema) => schema.id,
  attributes: (schema) => ({
    document_type: schema.documentType,
    label: schema.label,
    schema_version: schema.version,
    full_version: schema.id,
    current: true,
    draft: false,
    active_at: ACTIVE_AT,
    schema_format: 'json_schema',
    description: schema.description,
    schema_payload: schema.payload,
    created_at: ACTIVE_AT,
    updated_at: ACTIVE_AT,
  }),
  selfLink: (schema) => `/v2/document_schemas/${encodeURIComponent(schema.id)}`,
};
