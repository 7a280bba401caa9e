/** Builders of raw DCSA 2.2 events for tests (they use no test framework, so specs of several files share them). */

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export interface RawCall {
  locode: string;
  mode?: 'VESSEL' | 'RAIL' | 'TRUCK' | 'BARGE';
  vessel?: { imo: string; name: string };
  exportVoyage?: string;
  importVoyage?: string;
}

function call(c: RawCall): Record<string, unknown> {
  return {
    transportCallID: `${c.locode}-${c.mode ?? 'VESSEL'}`,
    UNLocationCode: c.locode,
    modeOfTransport: c.mode ?? 'VESSEL',
    ...(c.exportVoyage ? { exportVoyageNumber: c.exportVoyage } : {}),
    ...(c.importVoyage ? { importVoyageNumber: c.importVoyage } : {}),
    ...(c.vessel ? { vessel: { vesselIMONumber: c.vessel.imo, vesselName: c.vessel.name } } : {}),
  };
}

const CREATED = '2026-07-01T00:00:00Z';

export function transportEvent(
  code: 'ARRI' | 'DEPA',
  classifier: 'ACT' | 'EST' | 'PLN',
  at: string,
  c: RawCall,
  createdAt = CREATED,
): Record<string, unknown> {
  return {
    eventID: nextId(),
    eventCreatedDateTime: classifier === 'ACT' && Date.parse(at) > Date.parse(createdAt) ? at : createdAt,
    eventType: 'TRANSPORT',
    eventClassifierCode: classifier,
    eventDateTime: at,
    transportEventTypeCode: code,
    transportCall: call(c),
    documentReferences: [
      { documentReferenceType: 'BKG', documentReferenceValue: 'BKG123' },
      { documentReferenceType: 'TRD', documentReferenceValue: 'BL123' },
    ],
  };
}

export function equipmentEvent(
  code: 'LOAD' | 'DISC' | 'GTIN' | 'GTOT' | 'DROP' | 'STUF',
  empty: boolean,
  at: string,
  container: string,
  c: RawCall,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    eventID: nextId(),
    eventCreatedDateTime: Date.parse(at) > Date.parse(CREATED) ? at : CREATED,
    eventType: 'EQUIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: at,
    equipmentEventTypeCode: code,
    equipmentReference: container,
    ISOEquipmentCode: '45G1',
    emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
    eventLocation: { UNLocationCode: c.locode },
    ...(code === 'LOAD' || code === 'DISC' ? { transportCall: call(c) } : {}),
    ...extra,
  };
}

export function shipmentEvent(code: string, documentType: string, documentId: string): Record<string, unknown> {
  return {
    eventID: nextId(),
    eventCreatedDateTime: CREATED,
    eventType: 'SHIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: CREATED,
    shipmentEventTypeCode: code,
    documentTypeCode: documentType,
    documentID: documentId,
  };
}
