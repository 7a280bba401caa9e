/**
 * The parts of a DCSA Track & Trace event the adapter reads, after validation. Both versions land
 * here: 3.0 events are translated to the 2.2 codes (docs/dcsa.md), so one mapper serves both.
 */

export const DCSA_CLASSIFIERS = ['ACT', 'PLN', 'EST'] as const;
export type DcsaClassifier = (typeof DCSA_CLASSIFIERS)[number];

export const DCSA_MODES = ['VESSEL', 'RAIL', 'TRUCK', 'BARGE'] as const;
export type DcsaMode = (typeof DCSA_MODES)[number];

export const DCSA_TRANSPORT_EVENT_CODES = ['ARRI', 'DEPA'] as const;
export type DcsaTransportEventCode = (typeof DCSA_TRANSPORT_EVENT_CODES)[number];

export const DCSA_EQUIPMENT_EVENT_CODES = ['LOAD', 'DISC', 'GTIN', 'GTOT', 'STUF', 'STRP', 'PICK', 'DROP', 'INSP', 'RSEA', 'RMVD'] as const;
export type DcsaEquipmentEventCode = (typeof DCSA_EQUIPMENT_EVENT_CODES)[number];

export const DCSA_SHIPMENT_EVENT_CODES = [
  'RECE',
  'DRFT',
  'PENA',
  'PENU',
  'REJE',
  'APPR',
  'ISSU',
  'SURR',
  'SUBM',
  'VOID',
  'CONF',
  'REQS',
  'CMPL',
  'HOLD',
  'RELS',
] as const;
export type DcsaShipmentEventCode = (typeof DCSA_SHIPMENT_EVENT_CODES)[number];

export const DCSA_DOCUMENT_TYPES = ['CBR', 'BKG', 'SHI', 'SRM', 'TRD', 'ARN', 'VGM', 'CAS', 'CUS', 'DGD', 'OOG'] as const;
export type DcsaDocumentType = (typeof DCSA_DOCUMENT_TYPES)[number];

export interface DcsaVessel {
  imo: string | null;
  name: string | null;
}

export interface DcsaTransportCall {
  mode: DcsaMode;
  /** The call's UN/LOCODE, or its location's when the call has none. */
  locode: string | null;
  exportVoyageNumber: string | null;
  importVoyageNumber: string | null;
  carrierVoyageNumber: string | null;
  vessel: DcsaVessel | null;
}

/** What every event has, whatever its type. */
export interface DcsaEventBase {
  eventId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds of `eventDateTime` (its UTC offset applied). */
  happenedAt: number;
  classifier: DcsaClassifier;
  documentReferences: { type: 'BKG' | 'TRD'; value: string }[];
  /** `references` of type EQ (equipment references given by the shipper). */
  equipmentReferences: string[];
}

export interface DcsaTransportEvent extends DcsaEventBase {
  eventType: 'TRANSPORT';
  code: DcsaTransportEventCode;
  transportCall: DcsaTransportCall;
}

export interface DcsaEquipmentEvent extends DcsaEventBase {
  eventType: 'EQUIPMENT';
  code: DcsaEquipmentEventCode;
  equipmentReference: string | null;
  isoEquipmentCode: string | null;
  empty: boolean;
  /** `eventLocation`'s UN/LOCODE. */
  locode: string | null;
  transportCall: DcsaTransportCall | null;
  seals: { number: string; source: string | null }[];
}

export interface DcsaShipmentEvent extends DcsaEventBase {
  eventType: 'SHIPMENT';
  code: DcsaShipmentEventCode;
  documentId: string;
  documentType: DcsaDocumentType;
}

export type DcsaEvent = DcsaTransportEvent | DcsaEquipmentEvent | DcsaShipmentEvent;

// Both parsers build their events here, each type as one object literal naming every field:
// `{ ...base, more }` costs V8 (Node 20) a new hidden class for every property added after the
// spread, about 3 KB per event, and the parsers make one for every event of every answer.

export function transportEvent(base: DcsaEventBase, code: DcsaTransportEventCode, transportCall: DcsaTransportCall): DcsaTransportEvent {
  return {
    eventId: base.eventId,
    createdAt: base.createdAt,
    happenedAt: base.happenedAt,
    classifier: base.classifier,
    documentReferences: base.documentReferences,
    equipmentReferences: base.equipmentReferences,
    eventType: 'TRANSPORT',
    code,
    transportCall,
  };
}

export function equipmentEvent(
  base: DcsaEventBase,
  details: Omit<DcsaEquipmentEvent, keyof DcsaEventBase | 'eventType'>,
): DcsaEquipmentEvent {
  return {
    eventId: base.eventId,
    createdAt: base.createdAt,
    happenedAt: base.happenedAt,
    classifier: base.classifier,
    documentReferences: base.documentReferences,
    equipmentReferences: base.equipmentReferences,
    eventType: 'EQUIPMENT',
    code: details.code,
    equipmentReference: details.equipmentReference,
    isoEquipmentCode: details.isoEquipmentCode,
    empty: details.empty,
    locode: details.locode,
    transportCall: details.transportCall,
    seals: details.seals,
  };
}

export function shipmentEvent(
  base: DcsaEventBase,
  code: DcsaShipmentEventCode,
  documentId: string,
  documentType: DcsaDocumentType,
): DcsaShipmentEvent {
  return {
    eventId: base.eventId,
    createdAt: base.createdAt,
    happenedAt: base.happenedAt,
    classifier: base.classifier,
    documentReferences: base.documentReferences,
    equipmentReferences: base.equipmentReferences,
    eventType: 'SHIPMENT',
    code,
    documentId,
    documentType,
  };
}
