import type {
  DcsaClassifier,
  DcsaDocumentType,
  DcsaEquipmentEventCode,
  DcsaMode,
  DcsaShipmentEventCode,
  DcsaTransportEventCode,
} from './dcsa-event';

/**
 * DCSA 3.0 words for the 2.2 codes. The newest 3.0 snapshot spells codes out (`ARRIVED`); the
 * conformance messages of early 2026 still use the short ones (`ARRI`): both are read, and the
 * words are what Quayside publishes (docs/dcsa.md).
 */
export const DCSA3_CLASSIFIERS: Readonly<Record<DcsaClassifier, string>> = { ACT: 'ACTUAL', EST: 'ESTIMATED', PLN: 'PLANNED' };

export const DCSA3_TRANSPORT_EVENTS: Readonly<Record<DcsaTransportEventCode, string>> = { ARRI: 'ARRIVED', DEPA: 'DEPARTED' };

export const DCSA3_EQUIPMENT_EVENTS: Readonly<Record<DcsaEquipmentEventCode, string>> = {
  LOAD: 'LOADED',
  DISC: 'DISCHARGED',
  GTIN: 'GATED_IN',
  GTOT: 'GATED_OUT',
  STUF: 'STUFFED',
  STRP: 'STRIPPED',
  PICK: 'PICKED_UP',
  DROP: 'DROPPED_OFF',
  INSP: 'INSPECTED',
  RSEA: 'RESEALED',
  RMVD: 'REMOVED',
};

export const DCSA3_SHIPMENT_EVENTS: Readonly<Record<DcsaShipmentEventCode, string>> = {
  RECE: 'RECEIVED',
  DRFT: 'DRAFTED',
  PENA: 'PENDING_APPROVAL',
  PENU: 'PENDING_UPDATE',
  REJE: 'REJECTED',
  APPR: 'APPROVED',
  ISSU: 'ISSUED',
  SURR: 'SURRENDERED',
  SUBM: 'SUBMITTED',
  VOID: 'VOIDED',
  CONF: 'CONFIRMED',
  REQS: 'REQUESTED',
  CMPL: 'COMPLETED',
  HOLD: 'ON_HOLD',
  RELS: 'RELEASED',
};

export const DCSA3_DOCUMENT_TYPES: Readonly<Record<DcsaDocumentType, string>> = {
  CBR: 'CARRIER_BOOKING_REQUEST',
  BKG: 'BOOKING',
  SHI: 'SHIPPING_INSTRUCTIONS',
  SRM: 'SHIPMENT_RELEASE_MESSAGE',
  TRD: 'TRANSPORT_DOCUMENT',
  ARN: 'ARRIVAL_NOTICE',
  VGM: 'VERIFIED_GROSS_MASS',
  CAS: 'CARGO_SURVEY',
  CUS: 'CUSTOMS_CLEARANCE',
  DGD: 'DANGEROUS_GOODS_DECLARATION',
  OOG: 'OUT_OF_GAUGE_DECLARATION',
};

export const DCSA3_MODES: Readonly<Record<DcsaMode, string>> = { VESSEL: 'VESSEL', RAIL: 'RAIL', TRUCK: 'TRUCK', BARGE: 'BARGE' };

/** A 3.0 word or a short code → the short code; null when the value is neither (kept raw, not mapped). */
export function shortCode<C extends string>(
  table: Readonly<Record<C, string>>,
  value: string,
  aliases: Readonly<Record<string, C>> = {},
): C | null {
  const upper = value.trim().toUpperCase();
  for (const [code, word] of Object.entries(table) as [C, string][]) {
    if (upper === code || upper === word) return code;
  }
  return aliases[upper] ?? null;
}

/** A booking cancelled in 3.0 (`CANCELLED`, `CANC`) is what 2.2 called a voided booking. */
export const DCSA3_SHIPMENT_ALIASES: Readonly<Record<string, DcsaShipmentEventCode>> = { CANCELLED: 'VOID', CANC: 'VOID' };
