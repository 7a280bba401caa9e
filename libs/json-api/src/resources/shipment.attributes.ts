import type { ShipmentAttributes } from '@quayside/domain';
import type { AttributesOf } from './attributes-of';

/**
 * The established API's shipment attributes, for the api and for webhook payloads alike, from a
 * shipment as `toShipment` (data-access) reads it: instants in UTC with their IANA zones beside them.
 */
export function shipmentAttributes(s: ShipmentAttributes): AttributesOf<ShipmentAttributes> {
  return {
    bill_of_lading_number: s.bill_of_lading_number,
    normalized_number: s.normalized_number,
    ref_numbers: s.ref_numbers,
    tags: s.tags,
    created_at: s.created_at,
    updated_at: s.updated_at,
    port_of_lading_locode: s.port_of_lading_locode,
    port_of_lading_name: s.port_of_lading_name,
    port_of_discharge_locode: s.port_of_discharge_locode,
    port_of_discharge_name: s.port_of_discharge_name,
    destination_locode: s.destination_locode,
    destination_name: s.destination_name,
    shipping_line_scac: s.shipping_line_scac,
    shipping_line_name: s.shipping_line_name,
    shipping_line_short_name: s.shipping_line_short_name,
    customer_name: s.customer_name,
    pod_vessel_name: s.pod_vessel_name,
    pod_vessel_imo: s.pod_vessel_imo,
    pod_voyage_number: s.pod_voyage_number,
    pol_etd_at: s.pol_etd_at,
    pol_original_etd_at: s.pol_original_etd_at,
    pol_atd_at: s.pol_atd_at,
    pod_eta_at: s.pod_eta_at,
    pod_original_eta_at: s.pod_original_eta_at,
    pod_ata_at: s.pod_ata_at,
    destination_eta_at: s.destination_eta_at,
    destination_original_eta_at: s.destination_original_eta_at,
    destination_ata_at: s.destination_ata_at,
    pol_timezone: s.pol_timezone,
    pod_timezone: s.pod_timezone,
    destination_timezone: s.destination_timezone,
    line_tracking_last_attempted_at: s.line_tracking_last_attempted_at,
    line_tracking_last_succeeded_at: s.line_tracking_last_succeeded_at,
    line_tracking_stopped_at: s.line_tracking_stopped_at,
    line_tracking_stopped_reason: s.line_tracking_stopped_reason,
  };
}
