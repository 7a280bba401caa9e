import type { TrackingStoppedReason } from '../enums/tracking-request.enum';
import type { IanaTimeZone, Id, UtcTimestamp } from './common';

export interface ShipmentAttributes {
  bill_of_lading_number: string;
  normalized_number: string;
  ref_numbers: string[];
  tags: string[];
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
  port_of_lading_locode: string | null;
  port_of_lading_name: string | null;
  port_of_discharge_locode: string | null;
  port_of_discharge_name: string | null;
  destination_locode: string | null;
  destination_name: string | null;
  shipping_line_scac: string;
  shipping_line_name: string | null;
  shipping_line_short_name: string | null;
  customer_name: string | null;
  pod_vessel_name: string | null;
  pod_vessel_imo: string | null;
  pod_voyage_number: string | null;
  pol_etd_at: UtcTimestamp | null;
  /** The first departure estimate the line published; kept when later ones change. */
  pol_original_etd_at: UtcTimestamp | null;
  pol_atd_at: UtcTimestamp | null;
  pod_eta_at: UtcTimestamp | null;
  pod_original_eta_at: UtcTimestamp | null;
  pod_ata_at: UtcTimestamp | null;
  destination_eta_at: UtcTimestamp | null;
  /** The first arrival estimate at the destination the line published; kept when later ones change. */
  destination_original_eta_at: UtcTimestamp | null;
  destination_ata_at: UtcTimestamp | null;
  pol_timezone: IanaTimeZone | null;
  pod_timezone: IanaTimeZone | null;
  destination_timezone: IanaTimeZone | null;
  line_tracking_last_attempted_at: UtcTimestamp | null;
  line_tracking_last_succeeded_at: UtcTimestamp | null;
  line_tracking_stopped_at: UtcTimestamp | null;
  line_tracking_stopped_reason: TrackingStoppedReason | null;
}

export interface Shipment extends ShipmentAttributes {
  id: Id;
  account_id: Id;
  port_of_lading_id: Id | null;
  port_of_discharge_id: Id | null;
  destination_id: Id | null;
  pod_terminal_id: Id | null;
  destination_terminal_id: Id | null;
  shipping_line_id: Id | null;
}
