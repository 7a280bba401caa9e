import type { ContainerStatus, EquipmentHeight, EquipmentLength, EquipmentType, Fee, Hold } from '../index';

/** A container as stored: the columns of `containers`. Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface ContainerRecord {
  id: string;
  account_id: string;
  shipment_id: string | null;
  pod_terminal_id: string | null;
  number: string;
  ref_numbers: string[];
  equipment_type: EquipmentType | null;
  equipment_length: EquipmentLength | null;
  equipment_height: EquipmentHeight | null;
  weight_in_lbs: number | null;
  seal_number: string | null;
  /** Coalesced last free day (line, then terminal, then rail), written with the three sources. */
  pickup_lfd: Date | null;
  pickup_lfd_line: Date | null;
  pickup_lfd_terminal: Date | null;
  pickup_lfd_rail: Date | null;
  pickup_appointment_at: Date | null;
  availability_known: boolean;
  available_for_pickup: boolean | null;
  pod_arrived_at: Date | null;
  pod_discharged_at: Date | null;
  pod_full_out_at: Date | null;
  pod_eta_at: Date | null;
  terminal_checked_at: Date | null;
  pod_full_out_chassis_number: string | null;
  location_at_pod_terminal: string | null;
  final_destination_full_out_at: Date | null;
  empty_terminated_at: Date | null;
  holds_at_pod_terminal: Hold[];
  fees_at_pod_terminal: Fee[];
  pod_timezone: string | null;
  final_destination_timezone: string | null;
  empty_terminated_timezone: string | null;
  pod_rail_carrier_scac: string | null;
  ind_rail_carrier_scac: string | null;
  pod_last_tracking_request_at: Date | null;
  shipment_last_tracking_request_at: Date | null;
  pod_rail_loaded_at: Date | null;
  pod_rail_departed_at: Date | null;
  ind_eta_at: Date | null;
  ind_ata_at: Date | null;
  ind_rail_unloaded_at: Date | null;
  ind_facility_lfd_on: Date | null;
  /** Actual times of the export milestones at the port of lading, and of empty out and delivery anywhere. */
  pol_full_in_at: Date | null;
  pol_vessel_loaded_at: Date | null;
  pol_vessel_departed_at: Date | null;
  empty_out_at: Date | null;
  delivered_at: Date | null;
  /** Holds and fees at the inland destination facility as its rail source reports them; null when none reports them. */
  ind_facility_holds: Hold[] | null;
  ind_facility_fees: Fee[] | null;
  /** When a rail carrier last answered about this container. */
  rail_last_tracking_request_at: Date | null;
  current_status: ContainerStatus | null;
  /** When the scheduler should look at this container again (terminal, rail); null while not scheduled. */
  next_refresh_at: Date | null;
  /** Counts the tracker's writes that raised change events; part of those events' identity (see docs/architecture.md). */
  change_version: number;
  /** The last terminal/rail snapshot, the "previous" side of the next diff. */
  last_snapshot: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}
