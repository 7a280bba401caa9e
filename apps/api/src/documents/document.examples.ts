import { DOCUMENT_SCHEMAS, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '@quayside/domain';
import { EXAMPLE_BASE_URL, SAMPLE_IDS, exampleList, exampleOne, exampleRequest, sampleResource } from '../openapi/example-documents';
import { DOCUMENT_SCHEMA_TYPE, documentSchemaResource } from './document-schema.resource';

/**
 * OpenAPI examples of the document endpoints: the sample bill of lading MEDUQS123456.pdf,
 * extracted and linked to the sample shipment, as the document webhooks include it.
 */

const DOCUMENT = sampleResource('document', 'document.extracted');
const REPRESENTATION = sampleResource('document_representation', 'document.extracted');
const attributes = DOCUMENT.attributes ?? {};

export const DOCUMENT_LIST_EXAMPLE = exampleList('/v2/documents', [DOCUMENT]);
export const DOCUMENT_EXAMPLE = exampleOne(DOCUMENT, [REPRESENTATION]);
export const DOCUMENT_TYPES_EXAMPLE = { document_types: DOCUMENT_TYPES.map((code) => ({ code, label: DOCUMENT_TYPE_LABELS[code] })) };

export const UPDATE_DOCUMENT_BODY_EXAMPLE = {
  correctType: { value: exampleRequest('document', { document_type_manual: 'arrival_notice', name: 'Arrival notice MEDUQS123456' }) },
};
export const UPDATED_DOCUMENT_EXAMPLE = exampleOne({
  ...DOCUMENT,
  attributes: {
    ...attributes,
    document_type_manual: 'arrival_notice',
    name: 'Arrival notice MEDUQS123456',
    updated_at: '2026-08-14T11:30:00.000Z',
  },
});

export const DOWNLOAD_URL_EXAMPLE = {
  download_url: `${EXAMPLE_BASE_URL}/document_files/${SAMPLE_IDS.document}?expires=1786702500&signature=4c1f8e0a9b2d7c6e5f3a1b0d9e8c7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e`,
};
export const ACCEPTED_EXAMPLE = { status: 'accepted' };
export const ROTATE_BODY_EXAMPLE = { quarterTurn: { value: { degrees: 90 } } };

const UPLOAD_ID = '2f4a6c8e-0b1d-4e3f-a5b7-c9d1e3f5a7b9';
const ATTACHED = 'eyJ1IjoiMmY0YTZjOGUiLCJlIjoxNzg2NzAyNTAwfQ.Hk3v9QxY2mN0pL7sR4tW1uZ8aB5cD6eF';
export const CREATE_UPLOAD_BODY_EXAMPLE = { billOfLading: { value: exampleRequest('document_upload', { file_name: 'MEDUQS123456.pdf' }) } };
export const UPLOAD_EXAMPLE = {
  data: {
    id: UPLOAD_ID,
    type: 'document_upload',
    attributes: {
      upload_url: `${EXAMPLE_BASE_URL}/document_upload_files?token=${encodeURIComponent(ATTACHED)}`,
      attached_document: ATTACHED,
      expires_at: '2026-08-14T09:45:00.000Z',
    },
  },
};

/** Both ways of creating a document: the multipart fields, or the JSON:API document naming a finished two-step upload. */
export const CREATE_DOCUMENT_BODY_EXAMPLES = {
  multipart: {
    summary: 'multipart/form-data fields (the file part carries the PDF bytes)',
    value: { file: 'MEDUQS123456.pdf', name: 'MSC bill of lading MEDUQS123456', create_tracking_requests: 'true' },
  },
  attachedDocument: {
    summary: 'application/vnd.api+json, after PUT to the upload_url of POST /v2/document_uploads',
    value: exampleRequest('document', {
      attached_document: ATTACHED,
      name: 'MSC bill of lading MEDUQS123456',
      create_tracking_requests: true,
    }),
  },
};
export const CREATED_DOCUMENT_EXAMPLE = exampleOne({
  ...DOCUMENT,
  attributes: {
    ...attributes,
    name: 'MSC bill of lading MEDUQS123456',
    document_type: 'other',
    classification_notes: null,
    extraction_status: 'pending',
    create_tracking_requests: true,
    updated_at: attributes['created_at'],
  },
  relationships: { ...DOCUMENT.relationships, last_document_representation: { data: null }, shipments: { data: [] }, cargos: { data: [] } },
});

const SUBMISSION_ID = '8e0a2c4e-6f8a-4c0e-9b2d-4f6a8c0e2b4d';
const SUBMISSION = {
  id: SUBMISSION_ID,
  type: 'email_submission',
  attributes: {
    subject: 'FW: Arrival notice MEDUQS123456 / MSC CHANNE 098N',
    body: 'Please find attached the arrival notice for B/L MEDUQS123456.\n\nRegards,\nImport desk',
    body_preview: 'Please find attached the arrival notice for B/L MEDUQS123456. Regards, Import desk',
    from: ['imports@pacificcoastimports.example.com'],
    to: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d@inbound.quayside.example.com'],
    cc: [],
    sent_at: '2026-08-13T22:41:09.000Z',
    message_id: '<CAF3x9kq2@mail.pacificcoastimports.example.com>',
    in_reply_to: null,
    references: [],
    content_type: 'multipart/mixed',
    documents_count: 1,
    created_at: '2026-08-13T22:41:15.000Z',
    updated_at: '2026-08-13T22:41:15.000Z',
  },
  relationships: {
    documents: { data: [{ id: SAMPLE_IDS.document, type: 'document' }] },
    account: { data: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', type: 'account' } },
    user: { data: null },
  },
  links: { self: `/v2/email_submissions/${SUBMISSION_ID}` },
};
export const EMAIL_SUBMISSION_LIST_EXAMPLE = exampleList('/v2/email_submissions', [SUBMISSION]);
export const EMAIL_SUBMISSION_EXAMPLE = exampleOne(SUBMISSION);

const BILL_OF_LADING_SCHEMA = DOCUMENT_SCHEMAS.find((schema) => schema.documentType === 'bill_of_lading') ?? DOCUMENT_SCHEMAS[0]!;
// Serialized by the resource itself: the schemas ship with the release.
export const DOCUMENT_SCHEMA_EXAMPLE = exampleOne({
  id: documentSchemaResource.id(BILL_OF_LADING_SCHEMA),
  type: DOCUMENT_SCHEMA_TYPE,
  attributes: documentSchemaResource.attributes(BILL_OF_LADING_SCHEMA),
  links: { self: `/v2/document_schemas/${encodeURIComponent(BILL_OF_LADING_SCHEMA.id)}` },
});
