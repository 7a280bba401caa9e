/** Every webhook event name of the established API, in its order (43 names). */
export const EVENT_NAMES = [
  'container.transport.vessel_arrived',
  'container.transport.estimated.vessel_arrived',
  'container.transport.vessel_discharged',
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
  'container.transport.estimated.vessel_departed',
  'container.transport.rail_departed',
  'container.transport.rail_arrived',
  'container.transport.rail_loaded',
  'container.transport.rail_unloaded',
  'container.transport.transshipment_arrived',
  'container.transport.transshipment_discharged',
  'container.transport.transshipment_loaded',
  'container.transport.transshipment_departed',
  'container.transport.feeder_arrived',
  'container.transport.feeder_discharged',
  'container.transport.feeder_loaded',
  'container.transport.feeder_departed',
  'container.transport.empty_out',
  'container.transport.full_in',
  'container.transport.full_out',
  'container.transport.empty_in',
  'container.transport.vessel_berthed',
  'shipment.estimated.arrival',
  'tracking_request.succeeded',
  'tracking_request.failed',
  'tracking_request.awaiting_manifest',
  'tracking_request.tracking_stopped',
  'container.created',
  'container.updated',
  'container.pod_terminal_changed',
  'container.transport.arrived_at_inland_destination',
  'container.transport.estimated.arrived_at_inland_destination',
  'container.pickup_lfd.changed',
  'container.pickup_lfd_line.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.delivered',
  'document.extracted',
  'document.extraction_failed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Milestones: actual movements of a container, stored as normalized transport events.
 * `arrived_at_inland_destination` is the rail leg's end at the inland destination.
 */
export const MILESTONE_EVENT_NAMES = [
  'container.transport.empty_out',
  'container.transport.full_in',
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
  'container.transport.transshipment_arrived',
  'container.transport.transshipment_discharged',
  'container.transport.transshipment_loaded',
  'container.transport.transshipment_departed',
  'container.transport.feeder_arrived',
  'container.transport.feeder_discharged',
  'container.transport.feeder_loaded',
  'container.transport.feeder_departed',
  'container.transport.vessel_arrived',
  'container.transport.vessel_berthed',
  'container.transport.vessel_discharged',
  'container.transport.full_out',
  'container.transport.rail_loaded',
  'container.transport.rail_departed',
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
  'container.transport.delivered',
  'container.transport.empty_in',
] as const satisfies readonly EventName[];
export type MilestoneEventName = (typeof MILESTONE_EVENT_NAMES)[number];

export const ESTIMATED_EVENT_NAMES = [
  'container.transport.estimated.vessel_arrived',
  'container.transport.estimated.vessel_departed',
  'container.transport.estimated.arrived_at_inland_destination',
  'shipment.estimated.arrival',
] as const satisfies readonly EventName[];
export type EstimatedEventName = (typeof ESTIMATED_EVENT_NAMES)[number];

export const DATA_SOURCES = ['shipping_line', 'terminal', 'rail', 'ais'] as const;
export type EventOrigin = (typeof DATA_SOURCES)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
