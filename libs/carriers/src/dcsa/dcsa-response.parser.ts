import type { DcsaEvent, DcsaEventBase, DcsaTransportCall } from './dcsa-event';
import {
  DCSA_CLASSIFIERS,
  DCSA_DOCUMENT_TYPES,
  DCSA_EQUIPMENT_EVENT_CODES,
  DCSA_MODES,
  DCSA_SHIPMENT_EVENT_CODES,
  DCSA_TRANSPORT_EVENT_CODES,
  equipmentEvent,
  shipmentEvent,
  transportEvent,
} from './dcsa-event';
import type { Json } from './dcsa-shape';
import {
  ShapeError,
  SKEW_MS,
  dateTime,
  fail,
  isRecord,
  optionalArray,
  optionalRecord,
  optionalString,
  requiredOneOf,
  requiredString,
} from './dcsa-shape';

export type DcsaParseResult = { ok: true; events: DcsaEvent[] } | { ok: false; problem: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function locodeOf(location: Json | null, path: string): string | null {
  return location ? (optionalString(location, 'UNLocationCode', path, 5)?.toUpperCase() ?? null) : null;
}

/** Paths inside an event are built only when something fails there: an answer's events are parsed on every refresh. */
const within = (path: string, key: string): string => `${path}.${key}`;

function transportCall(obj: Json, path: string): DcsaTransportCall {
  requiredString(obj, 'transportCallID', path, 100);
  const vessel = optionalRecord(obj, 'vessel', path);
  const location = optionalRecord(obj, 'location', path);
  return {
    mode: requiredOneOf(obj, 'modeOfTransport', DCSA_MODES, path),
    locode:
      optionalString(obj, 'UNLocationCode', path, 5)?.toUpperCase() ?? (location ? locodeOf(location, within(path, 'location')) : null),
    exportVoyageNumber: optionalString(obj, 'exportVoyageNumber', path, 50),
    importVoyageNumber: optionalString(obj, 'importVoyageNumber', path, 50),
    carrierVoyageNumber: optionalString(obj, 'carrierVoyageNumber', path, 50),
    vessel: vessel ? vesselOf(vessel, within(path, 'vessel')) : null,
  };
}

function vesselOf(vessel: Json, path: string): { imo: string; name: string | null } {
  return { imo: requiredString(vessel, 'vesselIMONumber', path, 7), name: optionalString(vessel, 'vesselName', path, 35) };
}

const DOCUMENT_REFERENCE_TYPES = ['BKG', 'TRD'] as const;
const EMPTY_INDICATORS = ['EMPTY', 'LADEN'] as const;

function documentReference(ref: Json, path: string, index: number): { type: (typeof DOCUMENT_REFERENCE_TYPES)[number]; value: string } {
  const at = (): string => `${path}.documentReferences[${index}]`;
  const type = ref['documentReferenceType'];
  const value = ref['documentReferenceValue'];
  // The common case checked without building a path; anything else gets the full checks and their message.
  if (typeof type === 'string' && (DOCUMENT_REFERENCE_TYPES as readonly string[]).includes(type) && typeof value === 'string') {
    return { type: type as (typeof DOCUMENT_REFERENCE_TYPES)[number], value };
  }
  return {
    type: requiredOneOf(ref, 'documentReferenceType', DOCUMENT_REFERENCE_TYPES, at()),
    value: requiredString(ref, 'documentReferenceValue', at()),
  };
}

/** An `EQ` reference's container number, null for a reference of another type. */
function equipmentReference(ref: Json, path: string, index: number): string | null {
  const type = ref['referenceType'];
  const value = ref['referenceValue'];
  if (typeof type === 'string' && typeof value === 'string' && value.length <= 100)
    return type === 'EQ' ? value.trim().toUpperCase() : null;
  const at = `${path}.references[${index}]`;
  requiredString(ref, 'referenceType', at);
  requiredString(ref, 'referenceValue', at, 100);
  return null;
}

function parseEvent(raw: unknown, path: string, now: number): DcsaEvent {
  if (!isRecord(raw)) fail(path, 'not an object');
  const eventId = optionalString(raw, 'eventID', path);
  if (eventId !== null && !UUID.test(eventId)) fail(`${path}.eventID`, `not a UUID: ${JSON.stringify(eventId)}`);
  const createdAt = dateTime(raw, 'eventCreatedDateTime', path);
  const happenedAt = dateTime(raw, 'eventDateTime', path);
  const classifier = requiredOneOf(raw, 'eventClassifierCode', DCSA_CLASSIFIERS, path);
  if (createdAt > now + SKEW_MS) fail(`${path}.eventCreatedDateTime`, 'in the future');
  if (classifier === 'ACT' && happenedAt > createdAt + SKEW_MS) fail(`${path}.eventDateTime`, 'an actual event after its creation');

  const documentReferences = optionalArray(raw, 'documentReferences', path).map((ref, i) => {
    if (!isRecord(ref)) fail(`${path}.documentReferences[${i}]`, 'not an object');
    return documentReference(ref, path, i);
  });
  const equipmentReferences: string[] = [];
  optionalArray(raw, 'references', path).forEach((ref, i) => {
    if (!isRecord(ref)) fail(`${path}.references[${i}]`, 'not an object');
    const reference = equipmentReference(ref, path, i);
    if (reference !== null) equipmentReferences.push(reference);
  });
  const base: DcsaEventBase = { eventId, createdAt, happenedAt, classifier, documentReferences, equipmentReferences };

  const eventType = requiredString(raw, 'eventType', path);
  switch (eventType) {
    case 'TRANSPORT': {
      const call = optionalRecord(raw, 'transportCall', path) ?? fail(`${path}.transportCall`, 'missing');
      return transportEvent(
        base,
        requiredOneOf(raw, 'transportEventTypeCode', DCSA_TRANSPORT_EVENT_CODES, path),
        transportCall(call, within(path, 'transportCall')),
      );
    }
    case 'EQUIPMENT': {
      const call = optionalRecord(raw, 'transportCall', path);
      const location = optionalRecord(raw, 'eventLocation', path);
      return equipmentEvent(base, {
        code: requiredOneOf(raw, 'equipmentEventTypeCode', DCSA_EQUIPMENT_EVENT_CODES, path),
        equipmentReference: optionalString(raw, 'equipmentReference', path, 15)?.trim().toUpperCase() ?? null,
        isoEquipmentCode: optionalString(raw, 'ISOEquipmentCode', path, 4),
        empty: requiredOneOf(raw, 'emptyIndicatorCode', EMPTY_INDICATORS, path) === 'EMPTY',
        locode: location ? locodeOf(location, within(path, 'eventLocation')) : null,
        transportCall: call ? transportCall(call, within(path, 'transportCall')) : null,
        seals: optionalArray(raw, 'seals', path).map((seal, i) => {
          const at = `${path}.seals[${i}]`;
          if (!isRecord(seal)) fail(at, 'not an object');
          requiredString(seal, 'sealType', at);
          return { number: requiredString(seal, 'sealNumber', at, 15), source: optionalString(seal, 'sealSource', at) };
        }),
      });
    }
    case 'SHIPMENT':
      return shipmentEvent(
        base,
        requiredOneOf(raw, 'shipmentEventTypeCode', DCSA_SHIPMENT_EVENT_CODES, path),
        requiredString(raw, 'documentID', path),
        requiredOneOf(raw, 'documentTypeCode', DCSA_DOCUMENT_TYPES, path),
      );
    default:
      return fail(`${path}.eventType`, `unknown value ${JSON.stringify(eventType)}`);
  }
}

/**
 * Validates one `GET /v2/events` page against the 2.2 schema (the parts the adapter reads, with
 * their types, formats and enums) plus two sanity rules the schema cannot state: no event created
 * in the future, no actual event that happened after it was created. One bad event rejects the
 * page: a carrier that breaks the contract once may have broken it where we cannot see.
 */
export function parseDcsaEvents(body: unknown, now: Date): DcsaParseResult {
  if (!Array.isArray(body)) return { ok: false, problem: 'response: not an array of events' };
  // Events by id as received: only a repeated id costs a comparison of the two texts.
  const seen = new Map<string, unknown>();
  const events: DcsaEvent[] = [];
  try {
    body.forEach((raw: unknown, index) => {
      const event = parseEvent(raw, `[${index}]`, now.getTime());
      if (event.eventId !== null) {
        if (seen.has(event.eventId)) {
          if (JSON.stringify(seen.get(event.eventId)) !== JSON.stringify(raw))
            fail(`[${index}].eventID`, `${event.eventId} repeats with other content`);
          return;
        }
        seen.set(event.eventId, raw);
      }
      events.push(event);
    });
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, problem: error.message };
    throw error;
  }
  return { ok: true, events };
}
