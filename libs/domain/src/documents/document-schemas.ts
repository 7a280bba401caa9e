import { DATE_KINDS } from './document-fields';
import type { DocumentType } from './document-type.enum';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from './document-type.enum';

/** The version of every schema below; an extraction records it in its `document_representation`. */
export const DOCUMENT_SCHEMA_VERSION = '2026-11-01';

/** `<document_type>@<version>`, the id of `GET /v2/document_schemas/{id}`. */
export const documentSchemaId = (type: DocumentType): string => `${type}@${DOCUMENT_SCHEMA_VERSION}`;

export interface DocumentSchemaDefinition {
  id: string;
  documentType: DocumentType;
  label: string;
  version: string;
  description: string;
  /** JSON Schema (2020-12) of an extraction payload's `fields`. */
  payload: Record<string, unknown>;
}

/** Every extracted value has where it was found and how sure the extractor is. */
const field = (value: Record<string, unknown>, description: string): Record<string, unknown> => ({
  type: 'object',
  description,
  required: ['value', 'confidence'],
  properties: {
    value,
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    page: { type: 'integer', minimum: 1, description: 'Page (1-based) the value was read from.' },
    line: { type: 'integer', minimum: 1, description: 'Line (1-based) of that page the value was read from.' },
    source_text: { type: 'string', description: 'The text around the value as read.' },
  },
});

/** A date also says which date it is, from the label it followed. */
const withKind = (schema: Record<string, unknown>): Record<string, unknown> => ({
  ...schema,
  required: ['value', 'confidence', 'kind'],
  properties: { ...(schema['properties'] as Record<string, unknown>), kind: { enum: [...DATE_KINDS] } },
});

const list = (item: Record<string, unknown>, description: string): Record<string, unknown> => ({ type: 'array', description, items: item });

const SHIPPING_FIELDS: Record<string, unknown> = {
  bill_of_lading_numbers: list(field({ type: 'string' }, 'A bill of lading number.'), 'Bill of lading numbers found.'),
  booking_numbers: list(field({ type: 'string' }, 'A booking number.'), 'Booking numbers found.'),
  container_numbers: list(
    field({ type: 'string', pattern: '^[A-Z]{4}[0-9]{7}$' }, 'An ISO 6346 container number whose check digit is right.'),
    'Container numbers found.',
  ),
  scac: field({ type: 'string', pattern: '^[A-Z]{2,4}$' }, 'Shipping line SCAC, as printed or inferred from the numbers found.'),
  vessel: field({ type: 'string' }, 'Vessel name.'),
  voyage: field({ type: 'string' }, 'Voyage number.'),
  port_of_loading: field({ type: 'string' }, 'Port of loading as printed.'),
  port_of_discharge: field({ type: 'string' }, 'Port of discharge as printed.'),
  dates: list(withKind(field({ type: 'string', format: 'date' }, 'A labelled date (ISO 8601).')), 'Labelled dates found.'),
  charges: list(
    field(
      { type: 'object', properties: { description: { type: 'string' }, currency: { type: 'string' }, amount: { type: 'number' } } },
      'A charge line.',
    ),
    'Charge lines found (totals left out).',
  ),
};

const EXTRA_FIELDS: Partial<Record<DocumentType, Record<string, unknown>>> = {
  invoice: { invoice_number: field({ type: 'string' }, 'The invoice number.') },
};

const DESCRIPTIONS: Readonly<Record<DocumentType, string>> = {
  bill_of_lading: 'A bill of lading: the carrier’s receipt for the cargo, naming the bill of lading number and its containers.',
  arrival_notice: 'An arrival notice: the carrier tells the consignee the cargo is due, with its bill of lading and containers.',
  delivery_order: 'A delivery order: releases the containers of a bill of lading for pick-up.',
  invoice: 'An invoice for freight or charges, usually naming the bill of lading or booking it is for.',
  other: 'Any other document; the shipping numbers found in it are still extracted and linked.',
};

function definition(type: DocumentType): DocumentSchemaDefinition {
  return {
    id: documentSchemaId(type),
    documentType: type,
    label: DOCUMENT_TYPE_LABELS[type],
    version: DOCUMENT_SCHEMA_VERSION,
    description: DESCRIPTIONS[type],
    payload: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: DOCUMENT_TYPE_LABELS[type],
      type: 'object',
      additionalProperties: false,
      properties: { ...SHIPPING_FIELDS, ...(EXTRA_FIELDS[type] ?? {}) },
    },
  };
}

/** One schema per document type (docs/documents.md "Schemas"). */
export const DOCUMENT_SCHEMAS: readonly DocumentSchemaDefinition[] = DOCUMENT_TYPES.map(definition);

export function findDocumentSchema(id: string): DocumentSchemaDefinition | null {
  return DOCUMENT_SCHEMAS.find((schema) => schema.id === id) ?? null;
}
