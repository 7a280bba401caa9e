import type { ExtractionResult } from '@quayside/data-access';
import { classifyDocument, documentSchemaId, extractDocumentFields } from '@quayside/domain';
import type { DocumentText } from './reader/document-text-reader';

/**
 * What a document's text amounts to: its type and why, and the payload of its schema
 * (`document_type@version`): fields not found are left out, and the invoice number only belongs
 * to invoices. Text with no characters at all is a failure, not an empty extraction.
 */
export function extractionResultOf(text: DocumentText): ExtractionResult {
  if (text.pages.every((page) => page.trim() === '')) {
    return {
      status: 'failed',
      error:
        text.unreadPages > 0
          ? `No text was found; ${text.unreadPages} scanned page(s) were past DOCUMENT_OCR_MAX_PAGES and not read.`
          : 'No text could be read from the document (blank pages, or a scan OCR could not read).',
    };
  }
  const classification = classifyDocument(text.pages);
  const fields = extractDocumentFields(text.pages);
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    if (key === 'invoice_number' && classification.documentType !== 'invoice') continue;
    payload[key] = value;
  }
  const ocr = text.ocrPages > 0 ? ` ${text.ocrPages} page(s) read by OCR.` : '';
  const unread = text.unreadPages > 0 ? ` ${text.unreadPages} scanned page(s) past DOCUMENT_OCR_MAX_PAGES were not read.` : '';
  return {
    status: 'extracted',
    documentType: classification.documentType,
    classificationNotes: `${classification.notes}${ocr}${unread}`,
    schemaVersion: documentSchemaId(classification.documentType),
    payload,
    billOfLadingNumbers: fields.bill_of_lading_numbers.map((field) => field.value),
    bookingNumbers: fields.booking_numbers.map((field) => field.value),
    containerNumbers: fields.container_numbers.map((field) => field.value),
    scac: fields.scac?.value ?? null,
  };
}
