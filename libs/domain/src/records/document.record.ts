import type { DocumentSource, DocumentType, ExtractionStatus } from '../documents/document-type.enum';

/** A document as the api and webhook payloads show it (docs/documents.md); the entity fits as it is. */
export interface DocumentRecord {
  id: string;
  name: string;
  document_type: DocumentType;
  document_type_manual: DocumentType | null;
  classification_notes: string | null;
  source: DocumentSource;
  file_name: string;
  file_content_type: string;
  file_size_bytes: number;
  page_count: number | null;
  extraction_status: ExtractionStatus;
  extraction_error: string | null;
  create_tracking_requests: boolean;
  extracted_data_manual: Record<string, unknown> | null;
  email_submission_id: string | null;
  last_document_representation_id: string | null;
  shipment_ids: string[];
  container_ids: string[];
  created_at: Date;
  updated_at: Date;
}

/** One extraction of a document: its payload as the schema `schema_version` describes it. */
export interface DocumentRepresentationRecord {
  id: string;
  document_id: string;
  schema_version: string;
  payload: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}
