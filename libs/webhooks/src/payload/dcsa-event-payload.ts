import type { MilestoneEventName, TransportEventRecord } from '@quayside/domain';
import { DCSA3_MILESTONES } from '@quayside/domain';

type Json = Record<string, unknown>;

/** A stored milestone with the shipment and container it belongs to, as the DCSA feed and DCSA subscriptions read it. */
export type DcsaMilestoneRow = Pick<
  TransportEventRecord,
  'id' | 'event' | 'invalidated_at' | 'created_at' | 'timestamp' | 'location_locode' | 'vessel_imo' | 'vessel_name' | 'voyage_number'
> & {
  shipment?: { bill_of_lading_number: string; carrier_reference: string | null } | null;
  container?: { number: string } | null;
};

/**
 * One stored milestone as a DCSA Track & Trace 3.0 event (docs/dcsa.md). The `eventID` is the
 * row's id; a version a correction superseded is published retracted (`isRetracted`, updated when
 * it was invalidated) and the correction is a new event with its own id. Used by `GET /tnt/v3/events`
 * and by webhooks of format `dcsa_tnt_3`, so both say the same about a milestone.
 */
export function dcsaEventOf(row: DcsaMilestoneRow): Json | null {
  const shape = DCSA3_MILESTONES[row.event as MilestoneEventName];
  if (shape === undefined) return null;
  if (row.invalidated_at !== null) {
    return { eventID: row.id, isRetracted: true, eventUpdatedDateTime: row.invalidated_at.toISOString() };
  }
  const event: Json = {
    eventID: row.id,
    eventUpdatedDateTime: row.created_at.toISOString(),
    eventClassification: {
      eventType: shape.eventType,
      eventClassifier: 'ACTUAL',
      ...(shape.eventType === 'TRANSPORT' ? { transportEventType: shape.code } : { equipmentEventType: shape.code }),
    },
  };
  if (row.timestamp !== null) event['eventDateTime'] = row.timestamp.toISOString();
  if (row.location_locode !== null) event['eventLocation'] = { UNLocationCode: row.location_locode };
  const shipment = row.shipment;
  if (shipment) {
    const documents: Json[] = [{ type: 'TRANSPORT_DOCUMENT', reference: shipment.bill_of_lading_number }];
    if (shipment.carrier_reference !== null && shipment.carrier_reference !== shipment.bill_of_lading_number) {
      documents.push({ type: 'BOOKING', reference: shipment.carrier_reference });
    }
    event['shipmentDetails'] = {
      documentReference: documents[0],
      ...(documents.length > 1 ? { additionalDocumentReferences: documents.slice(1) } : {}),
    };
  }
  const container = row.container;
  event['equipmentDetails'] = {
    ...(container ? { equipmentReference: container.number } : {}),
    ...(shape.emptyIndicator === null ? {} : { emptyIndicator: shape.emptyIndicator }),
    ...(shape.transportPhase === null ? {} : { transportPhase: shape.transportPhase }),
  };
  if (shape.mode !== null) {
    const vessel: Json = {};
    if (row.vessel_imo !== null) vessel['vesselIMONumber'] = row.vessel_imo;
    if (row.vessel_name !== null) vessel['vesselName'] = row.vessel_name;
    const voyage = row.voyage_number === null ? null : { carrierVoyageNumber: row.voyage_number };
    const inbound = shape.code === 'ARRIVED' || shape.code === 'DISCHARGED';
    event['transportDetails'] = {
      transportCall: {
        modeOfTransport: shape.mode,
        ...(Object.keys(vessel).length > 0 ? { vesselTransport: vessel } : {}),
        ...(voyage === null ? {} : inbound ? { importVoyageNumberOrReference: voyage } : { exportVoyageNumberOrReference: voyage }),
      },
    };
  }
  return event;
}
