import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { DOCUMENT_SOURCES, DOCUMENT_TYPES, EXTRACTION_STATUSES } from '@quayside/domain';
import { NULLABLE_DATE_TIME, NULLABLE_STRING, resourceSchema, stringList, toMany, toOne } from '../openapi/json-api-schemas';

const TIMESTAMPS = { created_at: { type: 'string', format: 'date-time' }, updated_at: { type: 'string', format: 'date-time' } } as const;

export const DOCUMENT_SCHEMA: SchemaObject = resourceSchema(
  'document',
  {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    document_type: { type: 'string', enum: [...DOCUMENT_TYPES], description: 'Classified type.' },
    document_type_manual: { type: 'string', enum: [...DOCUMENT_TYPES], nullable: true },
    classification_notes: NULLABLE_STRING,
    source: { type: 'string', enum: [...DOCUMENT_SOURCES] },
    file_name: { type: 'string' },
    file_content_type: { type: 'string', nullable: true },
    file_size_bytes: { type: 'integer', nullable: true },
    page_count: { type: 'integer', nullable: true },
    extraction_status: { type: 'string', enum: [...EXTRACTION_STATUSES], description: '`pending` until the worker has read the file.' },
    extraction_error: { ...NULLABLE_STRING, description: 'Why the last extraction failed; null unless `extraction_status` is `failed`.' },
    create_tracking_requests: { type: 'boolean', description: 'Extraction creates tracking requests for numbers not tracked yet.' },
    extracted_data_manual: { type: 'object', additionalProperties: true, nullable: true },
    ...TIMESTAMPS,
  },
  {
    email_submission: toOne('email_submission'),
    last_document_representation: toOne('document_representation'),
    shipments: toMany('shipment'),
    cargos: toMany('container'),
    account: { ...toOne('account'), description: 'The account the document belongs to (`GET /v2/account`).' },
    user: { ...toOne('user'), description: 'Always null: Quayside has API keys, not users.' },
  },
);

export const DOCUMENT_REPRESENTATION_SCHEMA: SchemaObject = resourceSchema(
  'document_representation',
  { schema_version: { type: 'string' }, payload: { type: 'object', additionalProperties: true }, ...TIMESTAMPS },
  {},
  [],
  { selfLink: false },
);

export const EMAIL_SUBMISSION_SCHEMA: SchemaObject = resourceSchema(
  'email_submission',
  {
    subject: { type: 'string' },
    body: NULLABLE_STRING,
    body_preview: { ...NULLABLE_STRING, description: 'The first 200 characters of the body, on one line.' },
    from: stringList(),
    to: stringList(),
    cc: stringList(),
    sent_at: NULLABLE_DATE_TIME,
    message_id: NULLABLE_STRING,
    in_reply_to: NULLABLE_STRING,
    references: stringList(),
    content_type: NULLABLE_STRING,
    documents_count: { type: 'integer' },
    ...TIMESTAMPS,
  },
  {
    documents: toMany('document'),
    account: { ...toOne('account'), description: 'The account whose address received the mail (`GET /v2/account`).' },
    user: { ...toOne('user'), description: 'Always null: Quayside has API keys, not users.' },
  },
);

const DOCUMENT_SCHEMA_RESOURCE: SchemaObject = resourceSchema('document_schema', {
  document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
  label: { type: 'string' },
  schema_version: { type: 'string' },
  full_version: { type: 'string' },
  current: { type: 'boolean' },
  draft: { type: 'boolean' },
  active_at: NULLABLE_DATE_TIME,
  schema_format: { type: 'string', enum: ['json_schema'] },
  description: NULLABLE_STRING,
  schema_payload: { type: 'object', additionalProperties: true },
  ...TIMESTAMPS,
});

// A document schema is named by its full version (`bill_of_lading@2026-11-01`), not a uuid.
export const DOCUMENT_SCHEMA_SCHEMA: SchemaObject = {
  ...DOCUMENT_SCHEMA_RESOURCE,
  properties: {
    ...DOCUMENT_SCHEMA_RESOURCE.properties,
    id: { type: 'string', description: 'The full version, e.g. bill_of_lading@2026-11-01.' },
  },
};

/** What `POST /v2/document_uploads` answers: where to PUT the file, and the token that names it afterwards. */
export const DOCUMENT_UPLOAD_SCHEMA: SchemaObject = resourceSchema(
  'document_upload',
  {
    upload_url: {
      type: 'string',
      format: 'uri',
      description: 'PUT the file here (multipart/form-data, field `file`, no API key) before `expires_at`.',
    },
    attached_document: { type: 'string', description: 'Send as `attached_document` to `POST /v2/documents` once the file is up.' },
    expires_at: { type: 'string', format: 'date-time' },
  },
  {},
  ['upload_url', 'attached_document', 'expires_at'],
  { selfLink: false },
);

export const ACCEPTED_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['accepted'] } },
};

export const MULTIPART_UPLOAD_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'PDF, PNG, JPEG, TIFF or .eml; its extension must match its content.' },
    name: { type: 'string', description: 'Display name; the file name when left out.' },
    create_tracking_requests: {
      type: 'string',
      enum: ['true', 'false'],
      description: 'Create tracking requests for the numbers extraction finds and the account does not track yet.',
    },
  },
};

/** What `include` may add to a document: its latest extraction and its email submission. */
export const DOCUMENT_INCLUDED = [DOCUMENT_REPRESENTATION_SCHEMA, EMAIL_SUBMISSION_SCHEMA] as const;
