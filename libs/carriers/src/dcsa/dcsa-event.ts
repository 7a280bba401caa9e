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

interface DcsaEventBase {
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
