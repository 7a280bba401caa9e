import { coalescePickupLfd, feeTotalsByCurrency, isReadyForPickup, pickupLfdSource } from '@quayside/domain';
import type { ImportDeadlines } from '@quayside/domain';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { iso } from './container-view';
import type { ContainerView } from './container-view';

export const CONTAINER_TYPE = 'container';

/** Batched loaders behind the includable relationships (one call for all parents). */
export interface ContainerRelationshipLoaders {
  shipments: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  terminals: (ids: readonly string[]) => Promise<readonly unknown[]>;
  transportEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
}

function importDeadlines(container: ContainerView): ImportDeadlines {
  return {
    pickup_lfd_line: iso(container.pickup_lfd_line),
    pickup_lfd_terminal: iso(container.pickup_lfd_terminal),
    pickup_lfd_rail: container.rail_lfd_visible === false ? null : iso(container.pickup_lfd_rail),
  };
}

/**
 * Attributes of the reference's container model (specification 2.6 wins: `currency` in fees,
 * `high cube` with a space), null when not reported. `pickup_lfd` is coalesced here from the
 * sources the caller may see (line, then terminal, then rail), never the earliest date.
 * Beyond the reference: `ready_for_pickup`, `pickup_lfd_source`, `fees_total_by_currency`.
 */
export function containerAttributes(container: ContainerView): Record<string, unknown> {
  const deadlines = importDeadlines(container);
  const holds = container.holds_at_pod_terminal ?? [];
  const fees = container.fees_at_pod_terminal ?? [];
  const source = pickupLfdSource(deadlines);
  return {
    number: container.number,
    ref_numbers: container.ref_numbers,
    seal_number: container.seal_number,
    created_at: iso(container.created_at),
    updated_at: iso(container.updated_at),
    equipment_type: container.equipment_type,
    equipment_length: container.equipment_length,
    equipment_height: container.equipment_height,
    weight_in_lbs: container.weight_in_lbs,
    holds_at_pod_terminal: holds,
    fees_at_pod_terminal: fees,
    pickup_lfd: coalescePickupLfd(deadlines),
    pickup_appointment_at: iso(container.pickup_appointment_at),
    availability_known: container.availability_known,
    available_for_pickup: container.available_for_pickup,
    pod_arrived_at: iso(container.pod_arrived_at),
    pod_discharged_at: iso(container.pod_discharged_at),
    pod_full_out_at: iso(container.pod_full_out_at),
    pod_eta_at: iso(container.pod_eta_at),
    terminal_checked_at: iso(container.terminal_checked_at),
    pod_full_out_chassis_number: container.pod_full_out_chassis_number,
    location_at_pod_terminal: container.location_at_pod_terminal,
    final_destination_full_out_at: iso(container.final_destination_full_out_at),
    empty_terminated_at: iso(container.empty_terminated_at),
    pod_timezone: container.pod_timezone,
    final_destination_timezone: container.final_destination_timezone,
    empty_terminated_timezone: container.empty_terminated_timezone,
    pod_rail_carrier_scac: container.pod_rail_carrier_scac,
    ind_rail_carrier_scac: container.ind_rail_carrier_scac,
    pod_last_tracking_request_at: iso(container.pod_last_tracking_request_at),
    shipment_last_tracking_request_at: iso(container.shipment_last_tracking_request_at),
    pod_rail_loaded_at: iso(container.pod_rail_loaded_at),
    pod_rail_departed_at: iso(container.pod_rail_departed_at),
    ind_eta_at: iso(container.ind_eta_at),
    ind_ata_at: iso(container.ind_ata_at),
    ind_rail_unloaded_at: iso(container.ind_rail_unloaded_at),
    ind_facility_lfd_on: container.rail_lfd_visible === false ? null : iso(container.ind_facility_lfd_on),
    import_deadlines: deadlines,
    current_status: container.current_status,
    ready_for_pickup: isReadyForPickup({ available_for_pickup: container.available_for_pickup, holds_at_pod_terminal: holds }),
    pickup_lfd_source: source === null ? null : SOURCE_NAMES[source],
    fees_total_by_currency: feeTotalsByCurrency(fees),
  };
}

const SOURCE_NAMES: Readonly<Record<keyof ImportDeadlines, 'line' | 'terminal' | 'rail'>> = {
  pickup_lfd_line: 'line',
  pickup_lfd_terminal: 'terminal',
  pickup_lfd_rail: 'rail',
};

export function containerResource(loaders: ContainerRelationshipLoaders): ResourceDefinition<ContainerView, AccountContext> {
  return {
    type: CONTAINER_TYPE,
    id: (container) => container.id,
    attributes: containerAttributes,
    relationships: {
      shipment: relationshipByIds<ContainerView, AccountContext>('shipment', (c) => c.shipment_id, loaders.shipments),
      pod_terminal: relationshipByIds<ContainerView, AccountContext>('terminal', (c) => c.pod_terminal_id, (ids) => loaders.terminals(ids)),
      transport_events: relationshipByIds<ContainerView, AccountContext>('transport_event', (c) => c.transport_event_ids, loaders.transportEvents),
    },
    selfLink: (container) => `/v2/containers/${container.id}`,
  };
}
