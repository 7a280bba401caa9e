/** What a document is (docs/documents.md "Types"); `other` when classification finds nothing better. */
export const DOCUMENT_TYPES = ['bill_of_lading', 'arrival_notice', 'delivery_order', 'invoice', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  bill_of_lading: 'Bill of Lading',
  arrival_notice: 'Arrival Notice',
  delivery_order: 'Delivery Order',
  invoice: 'Invoice',
  other: 'Other',
};

/** How a document came in: `upload` (multipart), `api` (two-step upload URL), `email`. */
export const DOCUMENT_SOURCES = ['upload', 'api', 'email', 'split_document'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** Where extraction of a document stands. */
export const EXTRACTION_STATUSES = ['pending', 'extracted', 'failed'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/** The file formats accepted, by what their bytes are (never by what their name says). */
export const FILE_KINDS = ['pdf', 'png', 'jpeg', 'tiff', 'eml'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_CONTENT_TYPES: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  eml: 'message/rfc822',
};

/** The file name extensions each kind goes by; the first is the one an unnamed mail attachment is given. */
export const FILE_KIND_EXTENSIONS: Readonly<Record<FileKind, readonly string[]>> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  tiff: ['tif', 'tiff'],
  eml: ['eml'],
};

/** The kind a content type (`image/png`) stands for, or `null` for one not accepted. */
export function kindOfContentType(contentType: string): FileKind | null {
  const type = contentType.trim().toLowerCase();
  return FILE_KINDS.find((kind) => FILE_KIND_CONTENT_TYPES[kind] === type) ?? null;
}

/** Rotation accepted by `POST /documents/{id}/rotate`, clockwise. */
export const ROTATION_DEGREES = [90, 180, 270] as const;
export type RotationDegrees = (typeof ROTATION_DEGREES)[number];
