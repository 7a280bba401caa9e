import type { EquipmentHeight, EquipmentLength, EquipmentType } from '../enums/equipment.enum';
import type { IanaTimeZone, UtcTimestamp } from './common';
import type { Fee, Hold, ImportDeadlines } from './terminal-data';

export const CONTAINER_STATUSES = [
  'new',
  'on_ship',
  'available',
  'not_available',
  'grounded',
  'on_rail',
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
  'awaiting_inland_transfer',
] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];

/** Attributes of the `container` resource; null means "not reported", never a guess. */
export interface ContainerAttributes {
  number: string;
  ref_numbers: string[];
  equipment_type: EquipmentType | null;
  equipment_length: EquipmentLength | null;
  equipment_height: EquipmentHeight | null;
  weight_in_lbs: number | null;
  seal_number: string | null;
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
  pickup_lfd: UtcTimestamp | null;
  pickup_appointment_at: UtcTimestamp | null;
  availability_known: boolean;
  available_for_pickup: boolean | null;
  pod_arrived_at: UtcTimestamp | null;
  pod_discharged_at: UtcTimestamp | null;
  pod_full_out_at: UtcTimestamp | null;
  pod_eta_at: UtcTimestamp | null;
  terminal_checked_at: UtcTimestamp | null;
  pod_full_out_chassis_number: string | null;
  location_at_pod_terminal: string | null;
  final_destination_full_out_at: UtcTimestamp | null;
  empty_terminated_at: UtcTimestamp | null;
  holds_at_pod_terminal: Hold[];
  fees_at_pod_terminal: Fee[];
  pod_timezone: IanaTimeZone | null;
  final_destination_timezone: IanaTimeZone | null;
  empty_terminated_timezone: IanaTimeZone | null;
  pod_rail_carrier_scac: string | null;
  ind_rail_carrier_scac: string | null;
  pod_last_tracking_request_at: UtcTimestamp | null;
  shipment_last_tracking_request_at: UtcTimestamp | null;
  pod_rail_loaded_at: UtcTimestamp | null;
  pod_rail_departed_at: UtcTimestamp | null;
  ind_eta_at: UtcTimestamp | null;
  ind_ata_at: UtcTimestamp | null;
  ind_rail_unloaded_at: UtcTimestamp | null;
  ind_facility_lfd_on: UtcTimestamp | null;
  pol_full_in_at: UtcTimestamp | null;
  pol_vessel_loaded_at: UtcTimestamp | null;
  pol_vessel_departed_at: UtcTimestamp | null;
  empty_out_at: UtcTimestamp | null;
  delivered_at: UtcTimestamp | null;
  ind_facility_holds: Hold[] | null;
  ind_facility_fees: Fee[] | null;
  rail_last_tracking_request_at: UtcTimestamp | null;
  /**
   * In the established service's live answers, not in its description, and null in every one
   * published: what it would hold is not said, so it is null here too (docs/containers.md). The
   * shipping line's last free day is `import_deadlines.pickup_lfd_line`.
   */
  ssl_lfd: null;
  import_deadlines: ImportDeadlines;
  current_status: ContainerStatus | null;
}
