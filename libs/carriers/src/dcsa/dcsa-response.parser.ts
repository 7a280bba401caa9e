import type {
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaShipmentEvent,
  DcsaTransportCall,
  DcsaTransportEvent,
} from './dcsa-event';
import {
  DCSA_CLASSIFIERS,
  DCSA_DOCUMENT_TYPES,
  DCSA_EQUIPMENT_EVENT_CODES,
  DCSA_MODES,
  DCSA_SHIPMENT_EVENT_CODES,
  DCSA_TRANSPORT_EVENT_CODES,
} from './dcsa-event';
import type { Json } from './dcsa-shape';
import { ShapeError, SKEW_MS, dateTime, fail, isRecord, oneOf, optionalArray, optionalRecord, optionalString, requiredString } from './dcsa-shape';

export type DcsaParseResult = { ok: true; events: DcsaEvent[] } | { ok: false; problem: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function locodeOf(location: Json | null, path: string): string | null {
  return location ? (optionalString(location, 'UNLocationCode', path, 5)?.toUpperCase() ?? null) : null;
}

function transportCall(obj: Json, path: string): DcsaTransportCall {
  requiredString(obj, 'transportCallID', path, 100);
  const vessel = optionalRecord(obj, 'vessel', path);
  return {
    mode: oneOf(DCSA_MODES, requiredString(obj, 'modeOfTransport', path), `${path}.modeOfTransport`),
    locode: optionalString(obj, 'UNLocationCode', path, 5)?.toUpperCase() ?? locodeOf(optionalRecord(obj, 'location', path), `${path}.location`),
    exportVoyageNumber: optionalString(obj, 'exportVoyageNumber', path, 50),
    importVoyageNumber: optionalString(obj, 'importVoyageNumber', path, 50),
    carrierVoyageNumber: optionalString(obj, 'carrierVoyageNumber', path, 50),
    vessel: vessel
      ? { imo: requiredString(vessel, 'vesselIMONumber', `${path}.vessel`, 7), name: optionalString(vessel, 'vesselName', `${path}.vessel`, 35) }
      : null,
  };
}

function parseEvent(raw: unknown, path: string, now: number): DcsaEvent {
  if (!isRecord(raw)) fail(path, 'not an object');
  const eventId = optionalString(raw, 'eventID', path);
  if (eventId !== null && !UUID.test(eventId)) fail(`${path}.eventID`, `not a UUID: ${JSON.stringify(eventId)}`);
  const createdAt = dateTime(raw, 'eventCreatedDateTime', path);
  const happenedAt = dateTime(raw, 'eventDateTime', path);
  const classifier = oneOf(DCSA_CLASSIFIERS, requiredString(raw, 'eventClassifierCode', path), `${path}.eventClassifierCode`);
  if (createdAt > now + SKEW_MS) fail(`${path}.eventCreatedDateTime`, 'in the future');
  if (classifier === 'ACT' && happenedAt > createdAt + SKEW_MS) fail(`${path}.eventDateTime`, 'an actual event after its creation');

  const documentReferences = optionalArray(raw, 'documentReferences', path).map((ref, i) => {
    const at = `${path}.documentReferences[${i}]`;
    if (!isRecord(ref)) fail(at, 'not an object');
    return {
      type: oneOf(['BKG', 'TRD'] as const, requiredString(ref, 'documentReferenceType', at), `${at}.documentReferenceType`),
      value: requiredString(ref, 'documentReferenceValue', at),
    };
  });
  const equipmentReferences = optionalArray(raw, 'references', path).flatMap((ref, i) => {
    const at = `${path}.references[${i}]`;
    if (!isRecord(ref)) fail(at, 'not an object');
    const type = requiredString(ref, 'referenceType', at);
    const value = requiredString(ref, 'referenceValue', at, 100);
    return type === 'EQ' ? [value.trim().toUpperCase()] : [];
  });
  const base = { eventId, createdAt, happenedAt, classifier, documentReferences, equipmentReferences };

  const eventType = requiredString(raw, 'eventType', path);
  switch (eventType) {
    case 'TRANSPORT': {
      const call = optionalRecord(raw, 'transportCall', path) ?? fail(`${path}.transportCall`, 'missing');
      const event: DcsaTransportEvent = {
        ...base,
        eventType,
        code: oneOf(DCSA_TRANSPORT_EVENT_CODES, requiredString(raw, 'transportEventTypeCode', path), `${path}.transportEventTypeCode`),
        transportCall: transportCall(call, `${path}.transportCall`),
      };
      return event;
    }
    case 'EQUIPMENT': {
      const call = optionalRecord(raw, 'transportCall', path);
      const event: DcsaEquipmentEvent = {
        ...base,
        eventType,
        code: oneOf(DCSA_EQUIPMENT_EVENT_CODES, requiredString(raw, 'equipmentEventTypeCode', path), `${path}.equipmentEventTypeCode`),
        equipmentReference: optionalString(raw, 'equipmentReference', path, 15)?.trim().toUpperCase() ?? null,
        isoEquipmentCode: optionalString(raw, 'ISOEquipmentCode', path, 4),
        empty: oneOf(['EMPTY', 'LADEN'] as const, requiredString(raw, 'emptyIndicatorCode', path), `${path}.emptyIndicatorCode`) === 'EMPTY',
        locode: locodeOf(optionalRecord(raw, 'eventLocation', path), `${path}.eventLocation`),
        transportCall: call ? transportCall(call, `${path}.transportCall`) : null,
        seals: optionalArray(raw, 'seals', path).map((seal, i) => {
          const at = `${path}.seals[${i}]`;
          if (!isRecord(seal)) fail(at, 'not an object');
          requiredString(seal, 'sealType', at);
          return { number: requiredString(seal, 'sealNumber', at, 15), source: optionalString(seal, 'sealSource', at) };
        }),
      };
      return event;
    }
    case 'SHIPMENT': {
      const event: DcsaShipmentEvent = {
        ...base,
        eventType,
        code: oneOf(DCSA_SHIPMENT_EVENT_CODES, requiredString(raw, 'shipmentEventTypeCode', path), `${path}.shipmentEventTypeCode`),
        documentId: requiredString(raw, 'documentID', path),
        documentType: oneOf(DCSA_DOCUMENT_TYPES, requiredString(raw, 'documentTypeCode', path), `${path}.documentTypeCode`),
      };
      return event;
    }
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
          if (JSON.stringify(seen.get(event.eventId)) !== JSON.stringify(raw)) fail(`[${index}].eventID`, `${event.eventId} repeats with other content`);
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
