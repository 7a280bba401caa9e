import { transportEventDedupeKey } from '@quayside/data-access';
import type { NewEvent, NewTransportEvent } from '@quayside/data-access';
import { rowEventKey } from '@quayside/domain';

export interface ChangedContainer {
  id: string;
  number: string;
}

/** The rows one refresh of a shipment writes; both sides of the comparison write exactly these. */
export interface RefreshChange {
  shipmentId: string;
  /** The new arrival estimate of the shipment and its containers. */
  podEtaAt: Date;
  at: Date;
  containerIds: string[];
  /** One new milestone per container… */
  transportEvents: NewTransportEvent[];
  /** …and its event, each handed to webhook fan-out by an outbox row. */
  events: NewEvent[];
}

const BASE = Date.UTC(2025, 0, 1);

/**
 * A typical refresh that found news: the vessel departed (a milestone per container, with
 * its event) and the arrival estimate moved. `sequence` is unique per refresh of the run and is
 * the milestone's leg (a milestone's identity is its event, place and leg, never its time), so
 * every milestone is new however often a shipment is refreshed. The rows' ids come from `newId`:
 * Quayside's sides mint them as the tracker does (`timeOrderedId`), the bare writer as random
 * UUIDs, as it always has.
 */
export function refreshChange(
  accountId: string,
  shipmentId: string,
  containers: readonly ChangedContainer[],
  sequence: number,
  newId: () => string,
): RefreshChange {
  const at = new Date();
  const departedAt = new Date(BASE + sequence * 1000);
  const transportEvents: NewTransportEvent[] = [];
  const events: NewEvent[] = [];
  for (const container of containers) {
    const milestone = {
      event: 'container.transport.vessel_departed' as const,
      timestamp: departedAt,
      timezone: 'Asia/Shanghai',
      location_locode: 'CNSHA',
      vessel_name: 'BENCH EXPRESS',
      vessel_imo: '9000001',
      voyage_number: '001E',
      data_source: 'shipping_line' as const,
    };
    const transportEvent: NewTransportEvent = {
      ...milestone,
      id: newId(),
      account_id: accountId,
      container_id: container.id,
      shipment_id: shipmentId,
      leg: sequence,
      dedupe_key: transportEventDedupeKey({ ...milestone, leg: sequence }),
    };
    transportEvents.push(transportEvent);
    events.push({
      id: newId(),
      account_id: accountId,
      name: 'container.transport.vessel_departed',
      reference_object_type: 'transport_event',
      reference_object_id: transportEvent.id,
      shipment_id: shipmentId,
      container_id: container.id,
      payload: { ...milestone, timestamp: departedAt.toISOString(), container_number: container.number },
      occurred_at: at,
      dedupe_key: rowEventKey(transportEvent.id, 'container.transport.vessel_departed'),
      requiresTransportEventId: transportEvent.id,
    });
  }
  return {
    shipmentId,
    podEtaAt: new Date(BASE + 40 * 86_400_000 + sequence * 1000),
    at,
    containerIds: containers.map((container) => container.id),
    transportEvents,
    events,
  };
}
