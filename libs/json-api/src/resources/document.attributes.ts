import type { DocumentRecord, DocumentRepresentationRecord } from '@quayside/domain';

/** The `document` attributes (docs/documents.md), for the api and for webhook payloads alike. */
export function documentAttributes(document: DocumentRecord): Record<string, unknown> {
  return {
    id: document.id,
    name: document.name,
    document_type: document.document_type,
    document_type_manual: document.document_type_manual,
    classification_notes: document.classification_notes,
    source: document.source,
    file_name: document.file_name,
    file_content_type: document.file_content_type,
    file_size_bytes: document.file_size_bytes,
    page_count: document.page_count,
    extraction_status: document.extraction_status,
    extraction_error: document.extraction_error,
    create_tracking_requests: document.create_tracking_requests,
    extracted_data_manual: document.extracted_data_manual,
    created_at: document.created_at.toISOString(),
    updated_at: document.updated_at.toISOString(),
  };
}

export function documentRepresentationAttributes(representation: DocumentRepresentationRecord): Record<string, unknown> {
  return {
    schema_version: representation.schema_version,
    payload: representation.payload,
    created_at: representation.created_at.toISOString(),
    updated_at: representation.updated_at.toISOString(),
  };
}
