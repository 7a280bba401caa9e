import { coalescePickupLfd, feeTotalsByCurrency, journeyOf, pickupLfdSource } from '@quayside/domain';
import type { AccountFeature, ContainerAttributes, ContainerRecord, ImportDeadlines, Journey } from '@quayside/domain';
import { isoInstant } from './attributes-of';
import type { AttributesOf } from './attributes-of';

/** What one account may see of its containers (docs/containers.md). */
export interface ContainerVisibility {
  /**
   * Feature `rail_lfd`. Without it `import_deadlines.pickup_lfd_rail` and its deprecated twin
   * `ind_facility_lfd_on` read null and `pickup_lfd` is coalesced from line and terminal only,
   * even when a rail date was stored while the account had the feature.
   */
  railLfd: boolean;
}

export function containerVisibilityFor(features: readonly AccountFeature[]): ContainerVisibility {
  return { railLfd: features.includes('rail_lfd') };
}

/**
 * The columns a container's attributes are read from. The stored `pickup_lfd` is not among
 * them: it is coalesced again from the sources the account may see.
 */
export type ContainerAttributeSource = Omit<
  ContainerRecord,
  | 'id'
  | 'account'
  | 'account_id'
  | 'shipment'
  | 'shipment_id'
  | 'pod_terminal'
  | 'pod_terminal_id'
  | 'pickup_lfd'
  | 'next_refresh_at'
  | 'last_snapshot'
  | 'change_version'
>;

/** Beyond the established API, named so they cannot be mistaken for reference fields. */
export interface ContainerExtraAttributes {
  ready_for_pickup: boolean;
  pickup_lfd_source: 'line' | 'terminal' | 'rail' | null;
  fees_total_by_currency: Record<string, number>;
  /** The domain's one answer to "where is it, can it be picked up, is it at risk, is it done" (`journeyOf`), as of the answer. */
  journey: Journey;
}

export type ContainerResourceAttributes = AttributesOf<ContainerAttributes & ContainerExtraAttributes>;

const SOURCE_NAMES: Readonly<Record<keyof ImportDeadlines, 'line' | 'terminal' | 'rail'>> = {
  pickup_lfd_line: 'line',
  pickup_lfd_terminal: 'terminal',
  pickup_lfd_rail: 'rail',
};

/**
 * Attributes of the established API's container model (docs/containers.md wins: `currency` in fees),
 * null when not reported, for the api and for webhook payloads
 * alike. `pickup_lfd` is coalesced from the sources `visibility` allows (line, then terminal,
 * then rail), never the earliest date. Beyond the established API: `ready_for_pickup`,
 * `pickup_lfd_source`, `fees_total_by_currency` and `journey`, judged as of `now` from the
 * attributes themselves, so a value the account may not see never moves the journey either.
 */
export function containerAttributes(
  container: ContainerAttributeSource,
  visibility: ContainerVisibility,
  now: Date,
): ContainerResourceAttributes {
  const deadlines: ImportDeadlines = {
    pickup_lfd_line: isoInstant(container.pickup_lfd_line),
    pickup_lfd_terminal: isoInstant(container.pickup_lfd_terminal),
    pickup_lfd_rail: visibility.railLfd ? isoInstant(container.pickup_lfd_rail) : null,
  };
  const holds = container.holds_at_pod_terminal ?? [];
  const fees = container.fees_at_pod_terminal ?? [];
  const source = pickupLfdSource(deadlines);
  const reference = {
    number: container.number,
    ref_numbers: container.ref_numbers,
    seal_number: container.seal_number,
    created_at: isoInstant(container.created_at),
    updated_at: isoInstant(container.updated_at),
    equipment_type: container.equipment_type,
    equipment_length: container.equipment_length,
    equipment_height: container.equipment_height,
    weight_in_lbs: container.weight_in_lbs,
    holds_at_pod_terminal: holds,
    fees_at_pod_terminal: fees,
    pickup_lfd: coalescePickupLfd(deadlines),
    pickup_appointment_at: isoInstant(container.pickup_appointment_at),
    availability_known: container.availability_known,
    available_for_pickup: container.available_for_pickup,
    pod_arrived_at: isoInstant(container.pod_arrived_at),
    pod_discharged_at: isoInstant(container.pod_discharged_at),
    pod_full_out_at: isoInstant(container.pod_full_out_at),
    pod_eta_at: isoInstant(container.pod_eta_at),
    terminal_checked_at: isoInstant(container.terminal_checked_at),
    pod_full_out_chassis_number: container.pod_full_out_chassis_number,
    location_at_pod_terminal: container.location_at_pod_terminal,
    final_destination_full_out_at: isoInstant(container.final_destination_full_out_at),
    empty_terminated_at: isoInstant(container.empty_terminated_at),
    pod_timezone: container.pod_timezone,
    final_destination_timezone: container.final_destination_timezone,
    empty_terminated_timezone: container.empty_terminated_timezone,
    pod_rail_carrier_scac: container.pod_rail_carrier_scac,
    ind_rail_carrier_scac: container.ind_rail_carrier_scac,
    pod_last_tracking_request_at: isoInstant(container.pod_last_tracking_request_at),
    shipment_last_tracking_request_at: isoInstant(container.shipment_last_tracking_request_at),
    pod_rail_loaded_at: isoInstant(container.pod_rail_loaded_at),
    pod_rail_departed_at: isoInstant(container.pod_rail_departed_at),
    ind_eta_at: isoInstant(container.ind_eta_at),
    ind_ata_at: isoInstant(container.ind_ata_at),
    ind_rail_unloaded_at: isoInstant(container.ind_rail_unloaded_at),
    ind_facility_lfd_on: visibility.railLfd ? isoInstant(container.ind_facility_lfd_on) : null,
    pol_full_in_at: isoInstant(container.pol_full_in_at),
    pol_vessel_loaded_at: isoInstant(container.pol_vessel_loaded_at),
    pol_vessel_departed_at: isoInstant(container.pol_vessel_departed_at),
    empty_out_at: isoInstant(container.empty_out_at),
    delivered_at: isoInstant(container.delivered_at),
    ind_facility_holds: container.ind_facility_holds ?? null,
    ind_facility_fees: container.ind_facility_fees ?? null,
    rail_last_tracking_request_at: isoInstant(container.rail_last_tracking_request_at),
    ssl_lfd: null,
    import_deadlines: deadlines,
    current_status: container.current_status,
  };
  const journey = journeyOf(reference, now);
  return {
    ...reference,
    // Ready where it waits now (the port or the inland destination), never while it moves or once picked up.
    ready_for_pickup: journey.ready_for_pickup,
    pickup_lfd_source: source === null ? null : SOURCE_NAMES[source],
    fees_total_by_currency: feeTotalsByCurrency(fees),
    journey,
  };
}
