import { CONTAINERS_PER_SHIPMENT, containerNumber } from '../database/bench-ids';

/**
 * What the scenario's DCSA 3.0 carriers list for a bill of lading (bench/servers/freshness-carrier.server.ts
 * answers `GET /events` with it and pushes its estimate), in one place: the seed keeps the same
 * answer for every shipment of a 3.0 carrier as the tracker would have kept it from its last poll
 * (freshness-seed.ts), so a push is applied over it as in a deployment that has polled its
 * shipments before, not by asking the carrier.
 *
 * In the words of DCSA's tnt-v3.0.0-openapi.yaml, as libs/carriers/src/dcsa/fixtures/dcsa3-journey.json.
 */
export interface Dcsa30Anchors {
  /** Where the seeded history starts (epoch ms), as bench/database/seed-containers.ts stored it. */
  seedBase: number;
  /** The arrival estimate of version 0 (epoch ms); each later version is one minute later. */
  etaAnchor: number;
}

/** One version of a shipment's arrival estimate and when the carrier made it. */
export interface EstimateVersion {
  version: number;
  at: number;
}

const DAY = 86_400_000;
const ETA_STEP_MS = 60_000;
const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** The estimate every shipment starts with (version 0, made a day before the anchor): the one the seed stores. */
export function seededEstimate(anchors: Dcsa30Anchors): EstimateVersion {
  return { version: 0, at: anchors.etaAnchor - DAY };
}

/** The arrival a version estimates: each version one minute later than the one before. */
export function estimatedArrival(version: number, anchors: Dcsa30Anchors): number {
  return anchors.etaAnchor + version * ETA_STEP_MS;
}

export function billOfLading(ordinal: number): string {
  return `BNCH${String(ordinal).padStart(10, '0')}`;
}

const ROUTING = { originatingParties: [{ partyCode: 'BNCH', codeListProvider: 'SMDG', codeListName: 'LCL', partyFunction: 'CA' }] };
const CALL = (reference: string, sequence: number): Record<string, unknown> => ({
  transportCall: {
    transportCallReference: reference,
    transportCallSequenceNumber: sequence,
    modeOfTransport: 'VESSEL',
    exportVoyageNumberOrReference: { carrierVoyageNumber: '001E' },
    importVoyageNumberOrReference: { carrierVoyageNumber: '001E' },
    vesselTransport: { vesselIMONumber: '9000001', vesselName: 'BENCH EXPRESS' },
  },
});

/** The shipment's arrival estimate at `estimate`: what a pushing carrier pushes when it moves. */
export function estimate30(ordinal: number, estimate: EstimateVersion, anchors: Dcsa30Anchors): Record<string, unknown> {
  return {
    eventRouting: ROUTING,
    eventID: `bnch-${ordinal}-eta`,
    eventDateTime: iso(estimatedArrival(estimate.version, anchors)),
    eventUpdatedDateTime: iso(estimate.at),
    eventLocation: { UNLocationCode: 'USLAX' },
    eventClassification: { eventType: 'TRANSPORT', eventClassifier: 'ESTIMATED', transportEventType: 'ARRIVED' },
    shipmentDetails: { documentReference: { type: 'TRANSPORT_DOCUMENT', reference: billOfLading(ordinal) } },
    transportDetails: CALL('USLAX-1', 2),
  };
}

/** The events `GET /events` lists for the shipment: the seeded history, its departure and the estimate at `estimate`. */
export function events30(ordinal: number, estimate: EstimateVersion, anchors: Dcsa30Anchors): unknown[] {
  const shipmentDetails = { documentReference: { type: 'TRANSPORT_DOCUMENT', reference: billOfLading(ordinal) } };
  const containers = Array.from({ length: CONTAINERS_PER_SHIPMENT }, (_, offset) => ordinal * CONTAINERS_PER_SHIPMENT + offset);
  const equipment = containers.flatMap((container) => {
    const at = anchors.seedBase + container * 1000;
    return (
      [
        ['GATED_OUT', 'EMPTY', 10],
        ['GATED_IN', 'LADEN', 9],
        ['LOADED', 'LADEN', 8],
      ] as const
    ).map(([code, empty, daysBefore]) => ({
      eventRouting: ROUTING,
      eventID: `bnch-${container}-${code}`,
      eventDateTime: iso(at - daysBefore * DAY),
      eventUpdatedDateTime: iso(at - daysBefore * DAY),
      eventLocation: { UNLocationCode: 'CNSHA' },
      eventClassification: { eventType: 'EQUIPMENT', eventClassifier: 'ACTUAL', equipmentEventType: code },
      shipmentDetails,
      equipmentDetails: { equipmentReference: containerNumber(container), ISOEquipmentCode: '45G1', emptyIndicator: empty },
      ...(code === 'LOADED' ? { transportDetails: CALL('CNSHA-1', 1) } : {}),
    }));
  });
  const departedAt = anchors.seedBase + ordinal * CONTAINERS_PER_SHIPMENT * 1000 - 7 * DAY;
  return [
    ...equipment,
    {
      eventRouting: ROUTING,
      eventID: `bnch-${ordinal}-departed`,
      eventDateTime: iso(departedAt),
      eventUpdatedDateTime: iso(departedAt),
      eventLocation: { UNLocationCode: 'CNSHA' },
      eventClassification: { eventType: 'TRANSPORT', eventClassifier: 'ACTUAL', transportEventType: 'DEPARTED' },
      shipmentDetails,
      transportDetails: CALL('CNSHA-1', 1),
    },
    estimate30(ordinal, estimate, anchors),
  ];
}
