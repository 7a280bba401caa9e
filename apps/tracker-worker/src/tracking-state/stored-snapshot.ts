import type { ContainerEntity, StoredShipmentState, TransportEventEntity } from '@quayside/data-access';
import type { EstimateSnapshot, MilestoneEventName, StoredContainerSnapshot, StoredShipmentSnapshot } from '@quayside/domain';
import { MILESTONE_EVENT_NAMES } from '@quayside/domain';

const MILESTONES: ReadonlySet<string> = new Set(MILESTONE_EVENT_NAMES);
const toIso = (value: Date | null): string | null => (value ? value.toISOString() : null);

function isEstimateList(value: unknown): value is EstimateSnapshot[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'event' in item && 'estimated_timestamp' in item)
  );
}

/** The estimates stored with a container (see `nextContainer`); none when never stored. */
export function storedEstimates(container: ContainerEntity): EstimateSnapshot[] {
  const estimates = container.last_snapshot?.['estimates'];
  return isEstimateList(estimates) ? estimates : [];
}

export function storedContainerSnapshot(
  container: ContainerEntity,
  transportEvents: readonly TransportEventEntity[],
): StoredContainerSnapshot {
  return {
    number: container.number,
    pod_terminal_id: container.pod_terminal_id,
    available_for_pickup: container.available_for_pickup,
    holds_at_pod_terminal: container.holds_at_pod_terminal,
    fees_at_pod_terminal: container.fees_at_pod_terminal,
    import_deadlines: {
      pickup_lfd_line: toIso(container.pickup_lfd_line),
      pickup_lfd_terminal: toIso(container.pickup_lfd_terminal),
      pickup_lfd_rail: toIso(container.pickup_lfd_rail),
    },
    pickup_appointment_at: toIso(container.pickup_appointment_at),
    // Every current milestone counts as known: one the carrier dropped and re-sends is not news.
    milestones: transportEvents
      .filter((event) => event.container_id === container.id && MILESTONES.has(event.event) && event.invalidated_at === null)
      .map((event) => ({
        leg: event.leg ?? 0,
        event: event.event as MilestoneEventName,
        timestamp: toIso(event.timestamp),
        timezone: event.timezone,
        location_locode: event.location_locode,
        vessel_name: event.vessel_name,
        voyage_number: event.voyage_number,
        data_source: event.data_source,
      })),
    estimates: storedEstimates(container),
  };
}

/** The stored record as the "previous" snapshot of the domain diff. */
export function storedShipmentSnapshot(state: StoredShipmentState): StoredShipmentSnapshot {
  return {
    pod_eta_at: toIso(state.shipment.pod_eta_at),
    port_of_discharge_locode: state.shipment.port_of_discharge_locode,
    pod_timezone: state.shipment.pod_timezone,
    pod_voyage_number: state.shipment.pod_voyage_number,
    containers: state.containers.map((container) => storedContainerSnapshot(container, state.transportEvents)),
  };
}
