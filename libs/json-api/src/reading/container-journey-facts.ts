import { CONTAINER_STATUSES } from '@quayside/domain';
import type { ContainerStatus, Fee, Hold, JourneyFacts } from '@quayside/domain';
import type { ResourceObject } from '../model/json-api-document';
import { text } from './json-api-reading';

const STATUSES: ReadonlySet<string> = new Set(CONTAINER_STATUSES);

/**
 * A container resource as the api answers it, read as journey facts (`journeyOf`): the
 * attributes carry the facts by the same names, with the account's visibility already applied.
 * Whatever is missing or of the wrong type reads as not reported, never as a guess.
 */
export function containerJourneyFacts(container: ResourceObject): JourneyFacts {
  const a = container.attributes;
  const deadlines = (a['import_deadlines'] ?? {}) as Record<string, unknown>;
  const status = text(a['current_status']);
  const at = (name: string): string | null => text(a[name]);
  return {
    current_status: status !== null && STATUSES.has(status) ? (status as ContainerStatus) : null,
    empty_out_at: at('empty_out_at'),
    pol_full_in_at: at('pol_full_in_at'),
    pol_vessel_loaded_at: at('pol_vessel_loaded_at'),
    pol_vessel_departed_at: at('pol_vessel_departed_at'),
    pod_arrived_at: at('pod_arrived_at'),
    pod_discharged_at: at('pod_discharged_at'),
    pod_full_out_at: at('pod_full_out_at'),
    pod_rail_carrier_scac: at('pod_rail_carrier_scac'),
    ind_rail_carrier_scac: at('ind_rail_carrier_scac'),
    pod_rail_loaded_at: at('pod_rail_loaded_at'),
    pod_rail_departed_at: at('pod_rail_departed_at'),
    ind_ata_at: at('ind_ata_at'),
    ind_rail_unloaded_at: at('ind_rail_unloaded_at'),
    final_destination_full_out_at: at('final_destination_full_out_at'),
    delivered_at: at('delivered_at'),
    empty_terminated_at: at('empty_terminated_at'),
    available_for_pickup: typeof a['available_for_pickup'] === 'boolean' ? a['available_for_pickup'] : null,
    holds_at_pod_terminal: list<Hold>(a['holds_at_pod_terminal']) ?? [],
    fees_at_pod_terminal: list<Fee>(a['fees_at_pod_terminal']) ?? [],
    ind_facility_holds: list<Hold>(a['ind_facility_holds']),
    ind_facility_fees: list<Fee>(a['ind_facility_fees']),
    import_deadlines: {
      pickup_lfd_line: text(deadlines['pickup_lfd_line']),
      pickup_lfd_terminal: text(deadlines['pickup_lfd_terminal']),
      pickup_lfd_rail: text(deadlines['pickup_lfd_rail']),
    },
    ind_facility_lfd_on: at('ind_facility_lfd_on'),
    pod_timezone: at('pod_timezone'),
    final_destination_timezone: at('final_destination_timezone'),
  };
}

function list<T>(value: unknown): T[] | null {
  return Array.isArray(value) ? (value as T[]) : null;
}
