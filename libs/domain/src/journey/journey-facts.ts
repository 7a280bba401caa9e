import type { ContainerRecord } from '../records/container.record';
import type { ContainerStatus } from '../resources/container';
import type { Fee, Hold } from '../resources/terminal-data';
import type { IanaTimeZone, UtcTimestamp } from '../resources/common';

/** An instant as the api serializes it (ISO 8601 in UTC) or as a stored row holds it. */
export type Instant = UtcTimestamp | Date;

/**
 * What the journey is judged from: a container's own fields, by the names of the container
 * resource (docs/containers.md). The api's attributes are such facts as they stand (with the
 * account's visibility already applied, so a hidden rail last free day stays hidden); a stored
 * row becomes one through `journeyFactsOfRecord`.
 */
export interface JourneyFacts {
  current_status: ContainerStatus | null;
  empty_out_at: Instant | null;
  pol_full_in_at: Instant | null;
  pol_vessel_loaded_at: Instant | null;
  pol_vessel_departed_at: Instant | null;
  pod_arrived_at: Instant | null;
  pod_discharged_at: Instant | null;
  pod_full_out_at: Instant | null;
  pod_rail_carrier_scac: string | null;
  ind_rail_carrier_scac: string | null;
  pod_rail_loaded_at: Instant | null;
  pod_rail_departed_at: Instant | null;
  ind_ata_at: Instant | null;
  ind_rail_unloaded_at: Instant | null;
  final_destination_full_out_at: Instant | null;
  delivered_at: Instant | null;
  empty_terminated_at: Instant | null;
  available_for_pickup: boolean | null;
  holds_at_pod_terminal: readonly Hold[];
  fees_at_pod_terminal: readonly Fee[];
  ind_facility_holds: readonly Hold[] | null;
  ind_facility_fees: readonly Fee[] | null;
  import_deadlines: { pickup_lfd_line: Instant | null; pickup_lfd_terminal: Instant | null; pickup_lfd_rail: Instant | null };
  /** The deprecated twin of `import_deadlines.pickup_lfd_rail`; read when the twin is absent. */
  ind_facility_lfd_on: Instant | null;
  pod_timezone: IanaTimeZone | null;
  final_destination_timezone: IanaTimeZone | null;
}

/** The columns of a stored container the journey reads. */
export type JourneyRecordColumns = Pick<
  ContainerRecord,
  | Exclude<keyof JourneyFacts, 'import_deadlines' | 'holds_at_pod_terminal' | 'fees_at_pod_terminal'>
  | 'holds_at_pod_terminal'
  | 'fees_at_pod_terminal'
  | 'pickup_lfd_line'
  | 'pickup_lfd_terminal'
  | 'pickup_lfd_rail'
>;

/**
 * A stored container as journey facts (the tracker's view: it stores the rail last free day only
 * for accounts with `rail_lfd`, so nothing hidden is read here either).
 */
export function journeyFactsOfRecord(record: JourneyRecordColumns): JourneyFacts {
  return {
    current_status: record.current_status,
    empty_out_at: record.empty_out_at,
    pol_full_in_at: record.pol_full_in_at,
    pol_vessel_loaded_at: record.pol_vessel_loaded_at,
    pol_vessel_departed_at: record.pol_vessel_departed_at,
    pod_arrived_at: record.pod_arrived_at,
    pod_discharged_at: record.pod_discharged_at,
    pod_full_out_at: record.pod_full_out_at,
    pod_rail_carrier_scac: record.pod_rail_carrier_scac,
    ind_rail_carrier_scac: record.ind_rail_carrier_scac,
    pod_rail_loaded_at: record.pod_rail_loaded_at,
    pod_rail_departed_at: record.pod_rail_departed_at,
    ind_ata_at: record.ind_ata_at,
    ind_rail_unloaded_at: record.ind_rail_unloaded_at,
    final_destination_full_out_at: record.final_destination_full_out_at,
    delivered_at: record.delivered_at,
    empty_terminated_at: record.empty_terminated_at,
    available_for_pickup: record.available_for_pickup,
    holds_at_pod_terminal: record.holds_at_pod_terminal,
    fees_at_pod_terminal: record.fees_at_pod_terminal,
    ind_facility_holds: record.ind_facility_holds,
    ind_facility_fees: record.ind_facility_fees,
    import_deadlines: {
      pickup_lfd_line: record.pickup_lfd_line,
      pickup_lfd_terminal: record.pickup_lfd_terminal,
      pickup_lfd_rail: record.pickup_lfd_rail,
    },
    ind_facility_lfd_on: record.ind_facility_lfd_on,
    pod_timezone: record.pod_timezone,
    final_destination_timezone: record.final_destination_timezone,
  };
}
