import { createHash } from 'node:crypto';
import { DcsaRequestError } from './dcsa-request.error';

export const DCSA_EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT', 'IOT', 'REEFER'] as const;
export const DCSA_MAX_PAGE_SIZE = 100;

const FILTERS = ['carrierBookingReference', 'transportDocumentReference', 'equipmentReference'] as const;
const KNOWN = new Set<string>([...FILTERS, 'eventTypes', 'eventUpdatedDateTimeMin', 'eventUpdatedDateTimeMax', 'limit', 'cursor']);
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** A `GET /tnt/v3/events` request, checked. */
export interface DcsaFeedQuery {
  carrierBookingReference?: string;
  transportDocumentReference?: string;
  equipmentReference?: string;
  eventTypes: ReadonlySet<string>;
  updatedFrom?: Date;
  updatedTo?: Date;
  limit: number;
  after?: { createdAt: Date; id: string };
  /** Names the parameters other than `cursor` and `limit`: a cursor is valid only with them. */
  fingerprint: string;
}

const bad = (message: string, parameter: string): DcsaRequestError => new DcsaRequestError(400, message, parameter);

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw bad(`${name} must be given once`, name);
  return value;
}

function instant(query: Record<string, unknown>, name: string): Date | undefined {
  const text = single(query, name);
  if (text === undefined) return undefined;
  const ms = RFC3339.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw bad(`${name} must be an RFC 3339 date-time such as 2025-01-23T01:23:45Z`, name);
  return new Date(ms);
}

/** The next page's cursor: where this page ended, bound to the request's filters. */
export function encodeDcsaCursor(last: { createdAt: Date; id: string }, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ a: last.createdAt.toISOString(), i: last.id, f: fingerprint })).toString('base64url');
}

function decodeCursor(text: string, fingerprint: string): { createdAt: Date; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad('cursor is not one this server gave', 'cursor');
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const at = typeof fields['a'] === 'string' ? Date.parse(fields['a']) : Number.NaN;
  if (Number.isNaN(at) || typeof fields['i'] !== 'string' || !/^[0-9a-f-]{36}$/i.test(fields['i']))
    throw bad('cursor is not one this server gave', 'cursor');
  if (fields['f'] !== fingerprint)
    throw bad('cursor belongs to a request with other parameters: keep the first request’s parameters', 'cursor');
  return { createdAt: new Date(at), id: fields['i'] };
}

/** Checks the query string of `GET /tnt/v3/events`; an unknown or malformed parameter is a 400. */
export function parseDcsaFeedQuery(query: Record<string, unknown>): DcsaFeedQuery {
  for (const name of Object.keys(query))
    if (!KNOWN.has(name)) throw bad(`unknown query parameter ${name.slice(0, 100)}`, name.slice(0, 100));
  const filters: Partial<Record<(typeof FILTERS)[number], string>> = {};
  for (const name of FILTERS) {
    const value = single(query, name)?.trim();
    if (value === undefined) continue;
    if (value === '' || value.length > 100) throw bad(`${name} must be 1-100 characters`, name);
    filters[name] = name === 'equipmentReference' ? value.toUpperCase() : value;
  }
  const typesText = single(query, 'eventTypes');
  const eventTypes = new Set<string>(typesText === undefined ? DCSA_EVENT_TYPES : typesText.split(',').map((t) => t.trim().toUpperCase()));
  for (const type of eventTypes) {
    if (!(DCSA_EVENT_TYPES as readonly string[]).includes(type))
      throw bad(`eventTypes: unknown event type ${type.slice(0, 50)}; use ${DCSA_EVENT_TYPES.join(', ')}`, 'eventTypes');
  }
  const updatedFrom = instant(query, 'eventUpdatedDateTimeMin');
  const updatedTo = instant(query, 'eventUpdatedDateTimeMax');
  const limitText = single(query, 'limit');
  if (limitText !== undefined && !/^[1-9]\d{0,8}$/.test(limitText)) throw bad('limit must be a positive integer', 'limit');
  const limit = Math.min(limitText === undefined ? DCSA_MAX_PAGE_SIZE : Number(limitText), DCSA_MAX_PAGE_SIZE);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([filters, [...eventTypes].sort(), updatedFrom?.toISOString() ?? null, updatedTo?.toISOString() ?? null]))
    .digest('base64url')
    .slice(0, 16);
  const cursor = single(query, 'cursor');
  return {
    ...filters,
    eventTypes,
    ...(updatedFrom === undefined ? {} : { updatedFrom }),
    ...(updatedTo === undefined ? {} : { updatedTo }),
    limit,
    ...(cursor === undefined ? {} : { after: decodeCursor(cursor, fingerprint) }),
    fingerprint,
  };
}
