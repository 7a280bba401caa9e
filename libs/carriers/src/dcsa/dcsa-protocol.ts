import type { RequestType } from '@quayside/domain';
import type { DcsaEvent } from './dcsa-event';
import { parseDcsaEvents } from './dcsa-response.parser';
import { isRecord } from './dcsa-shape';
import { eventsOfDcsa3Body, parseDcsa3Events } from './dcsa3-response.parser';

export type DcsaVersion = '2.2' | '3.0';

export type DcsaProtocolParse = { ok: true; events: DcsaEvent[] } | { ok: false; problem: string };

/** What differs between the Track & Trace versions the adapter polls (docs/dcsa.md). */
export interface DcsaProtocol {
  version: DcsaVersion;
  /** Relative to the configured base URL. */
  path: string;
  /** Sent as `API-Version`; an answer naming another major version is not understood. */
  apiVersion: string;
  /** Response header with the next page: a link or cursor (2.2), a cursor only (3.0). */
  nextPageHeader: string;
  nextIsCursorOnly: boolean;
  /** Query parameter and its longest accepted value per kind of number. */
  filters: Readonly<Record<RequestType, { parameter: string; maxLength: number }>>;
  /** The events of one page, or null when the page has another shape. */
  eventsOf(body: unknown): unknown[] | null;
  parse(events: unknown[], now: Date): DcsaProtocolParse;
  /** The carrier's own words from an error body, for the log. */
  errorMessage(body: unknown): string | null;
}

export const DCSA_22: DcsaProtocol = {
  version: '2.2',
  path: 'v2/events',
  apiVersion: '2',
  nextPageHeader: 'next-page',
  nextIsCursorOnly: false,
  filters: {
    bill_of_lading: { parameter: 'transportDocumentReference', maxLength: 20 },
    booking_number: { parameter: 'carrierBookingReference', maxLength: 35 },
    container: { parameter: 'equipmentReference', maxLength: 15 },
  },
  eventsOf: (body) => (Array.isArray(body) ? body : null),
  parse: (events, now) => parseDcsaEvents(events, now),
  errorMessage: (body) => (isRecord(body) && typeof body['message'] === 'string' ? body['message'] : null),
};

export const DCSA_30: DcsaProtocol = {
  version: '3.0',
  path: 'events',
  apiVersion: '3.0.0',
  nextPageHeader: 'next-page-cursor',
  nextIsCursorOnly: true,
  filters: {
    bill_of_lading: { parameter: 'transportDocumentReference', maxLength: 100 },
    booking_number: { parameter: 'carrierBookingReference', maxLength: 100 },
    container: { parameter: 'equipmentReference', maxLength: 11 },
  },
  eventsOf: eventsOfDcsa3Body,
  parse: (events, now) => parseDcsa3Events(events, now),
  errorMessage: (body) => {
    const elements = isRecord(body) && Array.isArray(body['feedbackElements']) ? (body['feedbackElements'] as unknown[]) : [];
    const messages = elements.flatMap((e) => (isRecord(e) && typeof e['message'] === 'string' ? [e['message']] : []));
    return messages.length > 0 ? messages.join('; ') : null;
  },
};

export function dcsaProtocol(version: DcsaVersion | undefined): DcsaProtocol {
  return version === '3.0' ? DCSA_30 : DCSA_22;
}
