import type { DcsaEvent, DcsaEventBase, DcsaTransportCall } from './dcsa-event';
import { equipmentEvent, shipmentEvent, transportEvent } from './dcsa-event';
import {
  DCSA3_CLASSIFIERS,
  DCSA3_DOCUMENT_TYPES,
  DCSA3_EQUIPMENT_EVENTS,
  DCSA3_MODES,
  DCSA3_SHIPMENT_ALIASES,
  DCSA3_SHIPMENT_EVENTS,
  DCSA3_TRANSPORT_EVENTS,
  shortCode,
} from './dcsa3-codes';
import type { Json } from './dcsa-shape';
import { SKEW_MS, ShapeError, fail, isRecord, optionalArray, optionalDateTime, optionalRecord, optionalString } from './dcsa-shape';

/** An event kept as it came but not mapped to milestones (IoT, reefer, a code we do not map). */
export interface Dcsa3UnmappedEvent {
  eventId: string;
  eventType: string | null;
  reason: string;
  raw: Json;
}

export type Dcsa3ParseResult =
  { ok: true; events: DcsaEvent[]; unmapped: Dcsa3UnmappedEvent[]; retractedEventIds: string[] } | { ok: false; problem: string };

/** One version of an event as received, before versions of the same `eventID` are resolved. */
interface Version {
  eventId: string;
  updatedAt: number | null;
  retracted: boolean;
  retractsEventId: string | null;
  raw: Json;
  text: string;
  path: string;
}

/** The newest 3.0 snapshot name first, then the early-2026 (conformance message) name. */
function either(obj: Json, names: readonly [string, string], path: string, maxLength = Infinity): string | null {
  return optionalString(obj, names[0], path, maxLength) ?? optionalString(obj, names[1], path, maxLength);
}

function locodeOf(raw: Json, path: string): string | null {
  const location = optionalRecord(raw, 'eventLocation', path);
  return location ? (optionalString(location, 'UNLocationCode', `${path}.eventLocation`, 5)?.toUpperCase() ?? null) : null;
}

function voyage(call: Json, key: string, path: string): string | null {
  const value = optionalRecord(call, key, path);
  return value
    ? (optionalString(value, 'carrierVoyageNumber', `${path}.${key}`, 50) ??
        optionalString(value, 'universalVoyageReference', `${path}.${key}`, 5))
    : null;
}

/** The transport call of a 3.0 event; null when it has none or names no mode we map. */
function transportCallOf(raw: Json, locode: string | null, path: string): DcsaTransportCall | null {
  const details = optionalRecord(raw, 'transportDetails', path);
  const call = details ? optionalRecord(details, 'transportCall', `${path}.transportDetails`) : null;
  if (!call) return null;
  const at = `${path}.transportDetails.transportCall`;
  optionalString(call, 'transportCallReference', at, 100);
  const modeText = optionalString(call, 'modeOfTransport', at, 50);
  const mode = modeText === null ? null : shortCode(DCSA3_MODES, modeText);
  if (mode === null) return null;
  const vessel = optionalRecord(call, 'vesselTransport', at);
  const imo = vessel ? optionalString(vessel, 'vesselIMONumber', `${at}.vesselTransport`, 8) : null;
  const name = vessel ? optionalString(vessel, 'vesselName', `${at}.vesselTransport`, 50) : null;
  return {
    mode,
    locode,
    exportVoyageNumber: voyage(call, 'exportVoyageNumberOrReference', at),
    importVoyageNumber: voyage(call, 'importVoyageNumberOrReference', at),
    carrierVoyageNumber: null,
    vessel: imo === null && name === null ? null : { imo, name },
  };
}

function documentReference(value: unknown, at: string): { type: string; reference: string } | null {
  if (!isRecord(value)) fail(at, 'not an object');
  const type = either(value, ['type', 'typeCode'], at, 100);
  const reference = optionalString(value, 'reference', at, 100);
  return type === null || reference === null ? null : { type, reference };
}

/**
 * One current 3.0 event → the shared event model, or the reason it is kept raw only. Values the
 * 3.0 schema leaves open (it has no enums) that we do not know are not errors: the event is kept
 * unmapped. Wrong types, lengths and date-times are errors.
 */
function translate(raw: Json, eventId: string, path: string, now: number): DcsaEvent | string {
  const classification = optionalRecord(raw, 'eventClassification', path) ?? fail(`${path}.eventClassification`, 'missing');
  const cpath = `${path}.eventClassification`;
  const eventType = either(classification, ['eventType', 'eventTypeCode'], cpath, 50) ?? fail(`${cpath}.eventType`, 'missing');
  const classifierText =
    either(classification, ['eventClassifier', 'eventClassifierCode'], cpath, 10) ?? fail(`${cpath}.eventClassifier`, 'missing');
  const happenedAt = optionalDateTime(raw, 'eventDateTime', path) ?? fail(`${path}.eventDateTime`, 'missing');
  const createdAt = optionalDateTime(raw, 'eventUpdatedDateTime', path) ?? fail(`${path}.eventUpdatedDateTime`, 'missing');
  if (createdAt > now + SKEW_MS) fail(`${path}.eventUpdatedDateTime`, 'in the future');
  optionalString(raw, 'reason', path, 250);
  const classifier = shortCode(DCSA3_CLASSIFIERS, classifierText);
  if (classifier === null) return `classifier ${classifierText}`;

  const shipment = optionalRecord(raw, 'shipmentDetails', path);
  const spath = `${path}.shipmentDetails`;
  const primary =
    shipment?.['documentReference'] === undefined || shipment['documentReference'] === null
      ? null
      : documentReference(shipment['documentReference'], `${spath}.documentReference`);
  const additional = shipment
    ? optionalArray(shipment, 'additionalDocumentReferences', spath).map((d, i) =>
        documentReference(d, `${spath}.additionalDocumentReferences[${i}]`),
      )
    : [];
  const documentReferences = [primary, ...additional].flatMap((d) => {
    const type = d === null ? null : shortCode(DCSA3_DOCUMENT_TYPES, d.type);
    return d !== null && (type === 'BKG' || type === 'TRD') ? [{ type, value: d.reference }] : [];
  });
  const equipmentReferences = (shipment ? optionalArray(shipment, 'shipmentReferences', spath) : []).flatMap((ref, i) => {
    const at = `${spath}.shipmentReferences[${i}]`;
    if (!isRecord(ref)) fail(at, 'not an object');
    const type = either(ref, ['type', 'typeCode'], at, 100);
    const value = optionalString(ref, 'reference', at, 100);
    return (type === 'EQUIPMENT_REFERENCE' || type === 'EQ') && value !== null ? [value.trim().toUpperCase()] : [];
  });
  const base: DcsaEventBase = { eventId, createdAt, happenedAt, classifier, documentReferences, equipmentReferences };
  const locode = locodeOf(raw, path);
  const code = (names: readonly [string, string]) => either(classification, names, cpath, 50);

  switch (eventType.toUpperCase()) {
    case 'TRANSPORT': {
      const text = code(['transportEventType', 'transportEventTypeCode']) ?? fail(`${cpath}.transportEventType`, 'missing');
      const transportCode = shortCode(DCSA3_TRANSPORT_EVENTS, text);
      const call = transportCallOf(raw, locode, path);
      if (transportCode === null) return `transport event ${text}`;
      if (call === null) return 'transport event without a mode of transport';
      return transportEvent(base, transportCode, call);
    }
    case 'EQUIPMENT': {
      const text = code(['equipmentEventType', 'equipmentEventTypeCode']) ?? fail(`${cpath}.equipmentEventType`, 'missing');
      const equipmentCode = shortCode(DCSA3_EQUIPMENT_EVENTS, text);
      const details = optionalRecord(raw, 'equipmentDetails', path);
      const epath = `${path}.equipmentDetails`;
      const reference = details ? optionalString(details, 'equipmentReference', epath, 11) : null;
      const iso = details ? optionalString(details, 'ISOEquipmentCode', epath, 4) : null;
      const emptyText = details ? either(details, ['emptyIndicator', 'emptyIndicatorCode'], epath, 10) : null;
      const seals = (details ? optionalArray(details, 'seals', epath) : []).flatMap((seal, i) => {
        const at = `${epath}.seals[${i}]`;
        if (!isRecord(seal)) fail(at, 'not an object');
        const number = optionalString(seal, 'number', at, 15);
        return number === null ? [] : [{ number, source: optionalString(seal, 'source', at, 100) }];
      });
      if (equipmentCode === null) return `equipment event ${text}`;
      if (emptyText !== 'EMPTY' && emptyText !== 'LADEN') return 'equipment event without an empty or laden indicator';
      return equipmentEvent(base, {
        code: equipmentCode,
        equipmentReference: reference?.trim().toUpperCase() ?? null,
        isoEquipmentCode: iso,
        empty: emptyText === 'EMPTY',
        locode,
        transportCall: transportCallOf(raw, locode, path),
        seals,
      });
    }
    case 'SHIPMENT': {
      const text = code(['shipmentEventType', 'shipmentEventTypeCode']) ?? fail(`${cpath}.shipmentEventType`, 'missing');
      const shipmentCode = shortCode(DCSA3_SHIPMENT_EVENTS, text, DCSA3_SHIPMENT_ALIASES);
      const documentType = primary === null ? null : shortCode(DCSA3_DOCUMENT_TYPES, primary.type);
      if (shipmentCode === null) return `shipment event ${text}`;
      if (primary === null || documentType === null) return 'shipment event without a known document';
      return shipmentEvent(base, shipmentCode, primary.reference, documentType);
    }
    default:
      return `${eventType} event`;
  }
}

function versionOf(raw: unknown, path: string, now: number): Version {
  if (!isRecord(raw)) fail(path, 'not an object');
  const eventId = optionalString(raw, 'eventID', path, 500) ?? fail(`${path}.eventID`, 'missing');
  if (eventId.trim() === '') fail(`${path}.eventID`, 'empty');
  const retracted = raw['isRetracted'];
  if (retracted !== undefined && retracted !== null && typeof retracted !== 'boolean') fail(`${path}.isRetracted`, 'not a boolean');
  const updatedAt = optionalDateTime(raw, 'eventUpdatedDateTime', path);
  if (updatedAt !== null && updatedAt > now + SKEW_MS) fail(`${path}.eventUpdatedDateTime`, 'in the future');
  return {
    eventId,
    updatedAt,
    retracted: retracted === true,
    retractsEventId: optionalString(raw, 'retractedEventID', path, 500),
    raw,
    text: JSON.stringify(raw),
    path,
  };
}

/** Newest `eventUpdatedDateTime` wins; a retraction without a time retracts every version. */
function newest(versions: readonly Version[]): Version {
  const rank = (v: Version) => v.updatedAt ?? (v.retracted ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
  const sorted = [...versions].sort((a, b) => rank(b) - rank(a));
  const [top, second] = sorted as [Version, Version | undefined];
  if (second !== undefined && rank(second) === rank(top) && second.text !== top.text) {
    fail(`${top.path}.eventID`, `${top.eventId} repeats with other content and the same eventUpdatedDateTime`);
  }
  return top;
}

/**
 * Validates a list of DCSA Track & Trace 3.0 events (the `events` member of a `GET /events`
 * answer or of a pushed `POST /events`) and resolves their versions: per `eventID` the newest
 * `eventUpdatedDateTime` wins, `isRetracted` discards the id, and an event naming a
 * `retractedEventID` (the 3.0 beta's form) discards that id. What is left is translated to the
 * shared model; IoT, reefer and events with codes we do not map are returned as `unmapped`.
 * One malformed event rejects the list, as for 2.2.
 */
export function parseDcsa3Events(list: unknown, now: Date): Dcsa3ParseResult {
  if (!Array.isArray(list)) return { ok: false, problem: 'events: not an array' };
  try {
    const byId = new Map<string, Version[]>();
    list.forEach((raw: unknown, index) => {
      const version = versionOf(raw, `events[${index}]`, now.getTime());
      byId.set(version.eventId, [...(byId.get(version.eventId) ?? []), version]);
    });
    const current = [...byId.values()].map(newest);
    const retractedEventIds = new Set(current.filter((v) => v.retracted).map((v) => v.eventId));
    for (const v of current) if (v.retractsEventId !== null && !v.retracted) retractedEventIds.add(v.retractsEventId);

    const events: DcsaEvent[] = [];
    const unmapped: Dcsa3UnmappedEvent[] = [];
    for (const version of current) {
      if (retractedEventIds.has(version.eventId)) continue;
      // A beta-style retraction carries nothing but the id it retracts.
      if (version.retractsEventId !== null && version.raw['eventClassification'] === undefined) continue;
      const translated = translate(version.raw, version.eventId, version.path, now.getTime());
      if (typeof translated === 'string') {
        const classification = version.raw['eventClassification'];
        const type = isRecord(classification) ? (classification['eventType'] ?? classification['eventTypeCode']) : null;
        unmapped.push({
          eventId: version.eventId,
          eventType: typeof type === 'string' ? type : null,
          reason: translated,
          raw: version.raw,
        });
      } else {
        events.push(translated);
      }
    }
    return { ok: true, events, unmapped, retractedEventIds: [...retractedEventIds] };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** The events of a `GET /events` answer or a `POST /events` body: `{ "events": [...] }`, nothing else. */
export function eventsOfDcsa3Body(body: unknown): unknown[] | null {
  return isRecord(body) && Array.isArray(body['events']) ? body['events'] : null;
}
