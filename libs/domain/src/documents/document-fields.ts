import { carriersByContainerOwner, carriersByShipmentPrefix } from '../numbers/carrier-prefixes';
import { containerCheckDigit } from '../numbers/container-number';

/** One value read from a document, with how sure the reader is and where it was found. */
export interface ExtractedField<T = string> {
  value: T;
  /** 0..1. */
  confidence: number;
  /** 1-based page and line the value was read from. */
  page: number;
  line: number;
  source_text: string;
}

export interface ExtractedCharge {
  description: string;
  currency: string;
  amount: number;
}

/** The payload of a `document_representation`: every field of the document schemas (docs/documents.md "Schemas"). */
export interface ExtractedFields {
  bill_of_lading_numbers: ExtractedField[];
  booking_numbers: ExtractedField[];
  container_numbers: ExtractedField[];
  scac: ExtractedField | null;
  vessel: ExtractedField | null;
  voyage: ExtractedField | null;
  port_of_loading: ExtractedField | null;
  port_of_discharge: ExtractedField | null;
  dates: Array<ExtractedField & { kind: DateKind }>;
  charges: Array<ExtractedField<ExtractedCharge>>;
  invoice_number: ExtractedField | null;
}

/** Which date a labelled date is. */
export const DATE_KINDS = ['issued', 'shipped_on_board', 'etd', 'eta', 'last_free_day'] as const;
export type DateKind = (typeof DATE_KINDS)[number];

interface Line {
  page: number;
  line: number;
  text: string;
}

const NUMBER = '([A-Z0-9][A-Z0-9-]{5,24})';
const LABELLED: Readonly<Record<'bill_of_lading_numbers' | 'booking_numbers' | 'invoice_number', RegExp>> = {
  bill_of_lading_numbers: new RegExp(`\\b(?:B\\s*/\\s*L|BL|bill\\s+of\\s+lading)\\s*(?:no\\.?|number|#)?\\s*[:.]?\\s*${NUMBER}`, 'gi'),
  booking_numbers: new RegExp(`\\b(?:booking|bkg)\\s*(?:no\\.?|number|ref(?:erence)?|#)?\\s*[:.]?\\s*${NUMBER}`, 'gi'),
  invoice_number: new RegExp(`\\binvoice\\s*(?:no\\.?|number|#)\\s*[:.]?\\s*${NUMBER}`, 'gi'),
};
// Owner code, category letter, six digits and the check digit, tolerating the usual spacing and dash.
const CONTAINER = /\b([A-Z]{3}[UJZ])\s?(\d{6})\s?-?\s?(\d)\b/g;
const TEXT_LABELS: ReadonlyArray<{ key: 'vessel' | 'voyage' | 'port_of_loading' | 'port_of_discharge' | 'scac'; pattern: RegExp }> = [
  { key: 'vessel', pattern: /\b(?:ocean\s+)?vessel(?:\s+name)?\s*[:.]\s*([A-Z][A-Z0-9 .'-]*?[A-Z0-9])(?=\s{2,}|\s+voy|\s*$)/i },
  { key: 'voyage', pattern: /\bvoy(?:age)?(?:\s*(?:no\.?|number))?\s*[:.]\s*([A-Z0-9-]{2,12})\b/i },
  { key: 'port_of_loading', pattern: /\bport\s+of\s+load(?:ing)?\s*[:.]\s*([A-Z][A-Za-z .,'-]*?[A-Za-z])(?=\s{2,}|\s*$)/i },
  { key: 'port_of_discharge', pattern: /\bport\s+of\s+discharge\s*[:.]\s*([A-Z][A-Za-z .,'-]*?[A-Za-z])(?=\s{2,}|\s*$)/i },
  { key: 'scac', pattern: /\bSCAC(?:\s+code)?\s*[:.]\s*([A-Z]{2,4})\b/ },
];
const DATE_LABELS: ReadonlyArray<{ kind: DateKind; pattern: RegExp }> = [
  { kind: 'shipped_on_board', pattern: /\b(?:shipped\s+)?on\s+board(?:\s+date)?\s*[:.]\s*/i },
  { kind: 'issued', pattern: /\b(?:date\s+of\s+issue|issue\s+date|issued)\s*[:.]\s*/i },
  { kind: 'etd', pattern: /\b(?:ETD|estimated\s+time\s+of\s+departure)\s*[:.]\s*/i },
  { kind: 'eta', pattern: /\b(?:ETA|estimated\s+time\s+of\s+arrival)\s*[:.]\s*/i },
  { kind: 'last_free_day', pattern: /\b(?:last\s+free\s+day|LFD)\s*[:.]\s*/i },
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const CHARGE =
  /^\s*([A-Za-z][A-Za-z /&().-]*?[A-Za-z)])\s*[:.]?\s+(USD|EUR|GBP|CNY|JPY|CAD|AUD|SGD|HKD|INR)\s*([0-9]{1,3}(?:,?[0-9]{3})*(?:\.[0-9]{1,2})?)\s*$/;
// Words that look like numbers after a label but are the next label or filler.
const NOT_A_NUMBER = new Set(['NUMBER', 'NO', 'DATE', 'ISSUED', 'ORIGINAL', 'COPY', 'NONNEGOTIABLE']);

function linesOf(pages: readonly string[]): Line[] {
  return pages.flatMap((text, pageIndex) =>
    text.split(/\r?\n/).map((line, lineIndex) => ({ page: pageIndex + 1, line: lineIndex + 1, text: line })),
  );
}

const at = <T>(line: Line, value: T, confidence: number): ExtractedField<T> => ({
  value,
  confidence,
  page: line.page,
  line: line.line,
  source_text: line.text.trim(),
});

function pushUnique<T>(list: Array<ExtractedField<T>>, field: ExtractedField<T>, key: (value: T) => string): void {
  if (!list.some((existing) => key(existing.value) === key(field.value))) list.push(field);
}

/** `2026-11-05`, `05/11/2026` is ambiguous and skipped, `5 Nov 2026` / `05-NOV-2026` / `Nov 5, 2026`. */
export function parseDocumentDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  const dayMonth = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-,]+(\d{4})\b/.exec(text);
  const monthDay = /^([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayMonth) [year, month, day] = [Number(dayMonth[3]), MONTHS.indexOf(dayMonth[2]?.toUpperCase() ?? '') + 1, Number(dayMonth[1])];
  else if (monthDay) [year, month, day] = [Number(monthDay[3]), MONTHS.indexOf(monthDay[1]?.toUpperCase() ?? '') + 1, Number(monthDay[2])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Container numbers in a line whose ISO 6346 check digit is right; a wrong digit is a misread, not a container. */
export function findContainerNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toUpperCase().matchAll(CONTAINER)) {
    const firstTen = `${match[1] ?? ''}${match[2] ?? ''}`;
    if (containerCheckDigit(firstTen) === Number(match[3])) found.push(`${firstTen}${match[3] ?? ''}`);
  }
  return found;
}

function inferScac(fields: ExtractedFields): ExtractedField | null {
  for (const bl of [...fields.bill_of_lading_numbers, ...fields.booking_numbers]) {
    const carrier = carriersByShipmentPrefix(bl.value)[0];
    if (carrier) return { ...bl, value: carrier.carrier.scac, confidence: 0.9 };
  }
  for (const container of fields.container_numbers) {
    const owners = carriersByContainerOwner(container.value.slice(0, 4));
    if (owners.length === 1 && owners[0]) return { ...container, value: owners[0].scac, confidence: 0.7 };
  }
  return null;
}

/** Reads the schema fields out of each page's text (docs/documents.md "What extraction can read"). */
export function extractDocumentFields(pages: readonly string[]): ExtractedFields {
  const fields: ExtractedFields = {
    bill_of_lading_numbers: [],
    booking_numbers: [],
    container_numbers: [],
    scac: null,
    vessel: null,
    voyage: null,
    port_of_loading: null,
    port_of_discharge: null,
    dates: [],
    charges: [],
    invoice_number: null,
  };
  const same = (value: string): string => value;
  for (const line of linesOf(pages)) {
    const containers = findContainerNumbers(line.text);
    for (const number of containers) pushUnique(fields.container_numbers, at(line, number, 0.98), same);
    for (const key of ['bill_of_lading_numbers', 'booking_numbers', 'invoice_number'] as const) {
      for (const match of line.text.matchAll(LABELLED[key])) {
        const value = (match[1] ?? '').toUpperCase().replace(/-+$/, '');
        if (NOT_A_NUMBER.has(value) || !/\d/.test(value) || containers.includes(value)) continue;
        if (key === 'invoice_number') fields.invoice_number ??= at(line, value, 0.9);
        else pushUnique(fields[key], at(line, value, 0.9), same);
      }
    }
    for (const label of TEXT_LABELS) {
      const match = label.pattern.exec(line.text);
      if (match?.[1] && fields[label.key] === null)
        fields[label.key] = at(line, match[1].trim().replace(/\s+/g, ' '), label.key === 'scac' ? 0.95 : 0.8);
    }
    for (const label of DATE_LABELS) {
      const match = label.pattern.exec(line.text);
      const date = match ? parseDocumentDate(line.text.slice(match.index + match[0].length)) : null;
      if (date !== null && !fields.dates.some((existing) => existing.kind === label.kind))
        fields.dates.push({ ...at(line, date, 0.85), kind: label.kind });
    }
    const charge = CHARGE.exec(line.text);
    if (charge?.[1] && charge[2] && charge[3] && !/\btotal\b/i.test(charge[1])) {
      const value = { description: charge[1].trim(), currency: charge[2], amount: Number(charge[3].replace(/,/g, '')) };
      pushUnique(fields.charges, at(line, value, 0.8), (c) => `${c.description}|${c.currency}|${c.amount}`);
    }
  }
  fields.scac ??= inferScac(fields);
  return fields;
}
