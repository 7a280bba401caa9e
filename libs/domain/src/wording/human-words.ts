import type { DeliveryStatus, EventName } from '../enums/event-name.enum';
import type { TrackingRequestStatus, TrackingStoppedReason } from '../enums/tracking-request.enum';
import type { JourneyPhase, JourneyPlace, LastFreeDaySource, PickupStatus, RiskReason } from '../journey/container-journey.rules';
import type { ContainerStatus } from '../resources/container';

/**
 * What a line of a container's history is: a movement of the container (a milestone of the
 * timeline), a change of a value (a date, an estimate, availability, the terminal), or news about
 * the tracking itself.
 */
export const EVENT_KINDS = ['milestone', 'value_change', 'notice'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The place an event refers to: one of the shipment's places (the port of discharge, or the
 * inland destination a rail leg ends at — a rail last free day belongs there even when a source
 * files it under the port), `reported` for the location the source gave with the event (a
 * vessel or rail movement, an estimate), or null for none (tracking, documents).
 */
export const EVENT_PLACES = ['port_of_discharge', 'inland_destination', 'reported'] as const;
export type EventPlace = (typeof EVENT_PLACES)[number] | null;

export interface EventWording {
  /** The words a person reads, a sentence start without a full stop. */
  readonly words: string;
  readonly place: EventPlace;
  readonly kind: EventKind;
}

const milestone = (words: string, place: EventPlace = 'reported'): EventWording => ({ words, place, kind: 'milestone' });
const change = (words: string, place: EventPlace): EventWording => ({ words, place, kind: 'value_change' });
const notice = (words: string): EventWording => ({ words, place: null, kind: 'notice' });

/**
 * Every event of the catalogue (EVENT_NAMES) in words, with the place it refers to and its kind.
 * The console, the widget and the server-rendered pages read only this: no surface shows a
 * dotted or snake_case name.
 */
export const EVENT_WORDING: Readonly<Record<EventName, EventWording>> = {
  'container.transport.vessel_arrived': milestone('Vessel arrived'),
  'container.transport.estimated.vessel_arrived': change('Estimated vessel arrival changed', 'reported'),
  'container.transport.vessel_discharged': milestone('Discharged from the vessel'),
  'container.transport.vessel_loaded': milestone('Loaded on the vessel'),
  'container.transport.vessel_departed': milestone('Vessel departed'),
  'container.transport.estimated.vessel_departed': change('Estimated vessel departure changed', 'reported'),
  'container.transport.rail_departed': milestone('Train departed'),
  'container.transport.rail_arrived': milestone('Train arrived'),
  'container.transport.rail_loaded': milestone('Loaded on the train'),
  'container.transport.rail_unloaded': milestone('Unloaded from the train'),
  'container.transport.transshipment_arrived': milestone('Arrived at the transshipment port'),
  'container.transport.transshipment_discharged': milestone('Discharged at the transshipment port'),
  'container.transport.transshipment_loaded': milestone('Loaded at the transshipment port'),
  'container.transport.transshipment_departed': milestone('Left the transshipment port'),
  'container.transport.feeder_arrived': milestone('Feeder vessel arrived'),
  'container.transport.feeder_discharged': milestone('Discharged from the feeder vessel'),
  'container.transport.feeder_loaded': milestone('Loaded on the feeder vessel'),
  'container.transport.feeder_departed': milestone('Feeder vessel departed'),
  'container.transport.empty_out': milestone('Empty container out to the shipper'),
  'container.transport.full_in': milestone('Full container in at the port'),
  'container.transport.full_out': milestone('Picked up full'),
  'container.transport.empty_in': milestone('Empty container returned'),
  'container.transport.vessel_berthed': milestone('Vessel berthed'),
  'shipment.estimated.arrival': change('Estimated arrival changed', 'port_of_discharge'),
  'tracking_request.succeeded': notice('Tracking started'),
  'tracking_request.failed': notice('Tracking failed'),
  'tracking_request.awaiting_manifest': notice('Waiting for the carrier to manifest the shipment'),
  'tracking_request.tracking_stopped': notice('Tracking stopped'),
  'container.created': notice('Container added to the shipment'),
  'container.updated': change('Terminal details changed', 'port_of_discharge'),
  'container.pod_terminal_changed': change('Terminal at the port of discharge changed', 'port_of_discharge'),
  'container.transport.arrived_at_inland_destination': milestone('Arrived at the inland destination', 'inland_destination'),
  'container.transport.estimated.arrived_at_inland_destination': change(
    'Estimated arrival at the inland destination changed',
    'inland_destination',
  ),
  // The coalesced date (line, else terminal, else rail) may come from either place: it names none.
  'container.pickup_lfd.changed': change('Last free day changed', null),
  'container.pickup_lfd_line.changed': change("Shipping line's last free day changed", 'port_of_discharge'),
  'container.pickup_lfd_terminal.changed': change('Last free day at the port terminal changed', 'port_of_discharge'),
  'container.pickup_lfd_rail.changed': change('Last free day at the rail terminal changed', 'inland_destination'),
  'container.pickup_appointment.changed': change('Pickup appointment changed', 'port_of_discharge'),
  'container.transport.available': change('Available for pickup', 'port_of_discharge'),
  'container.transport.not_available': change('No longer available for pickup', 'port_of_discharge'),
  'container.transport.delivered': milestone('Delivered'),
  'document.extracted': notice('Document read'),
  'document.extraction_failed': notice('Document could not be read'),
};

export const CONTAINER_STATUS_WORDS: Readonly<Record<ContainerStatus, string>> = {
  new: 'New',
  on_ship: 'On the vessel',
  available: 'Available for pickup',
  not_available: 'Not available for pickup',
  grounded: 'Grounded at the terminal',
  on_rail: 'On rail',
  picked_up: 'Picked up',
  off_dock: 'At an off-dock yard',
  delivered: 'Delivered',
  dropped: 'Dropped at the consignee',
  loaded: 'Loaded',
  empty_returned: 'Empty returned',
  awaiting_inland_transfer: 'Waiting for rail to the inland destination',
};

export const JOURNEY_PHASE_WORDS: Readonly<Record<JourneyPhase, string>> = {
  not_started: 'Not started',
  at_origin: 'At origin',
  on_water: 'On the water',
  at_port: 'At the port of discharge',
  on_rail: 'On rail to the inland destination',
  at_inland_destination: 'At the inland destination',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  empty_returned: 'Empty returned',
};

export const JOURNEY_PLACE_WORDS: Readonly<Record<JourneyPlace, string>> = {
  port_of_discharge: 'port of discharge',
  inland_destination: 'inland destination',
};

export const PICKUP_STATUS_WORDS: Readonly<Record<PickupStatus, string>> = {
  not_arrived: 'Not arrived yet',
  ready: 'Ready for pickup',
  on_hold: 'On hold',
  not_available: 'Not available yet',
  not_reported: 'Availability not reported',
  picked_up: 'Picked up',
  returned: 'Picked up, empty returned',
};

export const LAST_FREE_DAY_SOURCE_WORDS: Readonly<Record<LastFreeDaySource, string>> = {
  line: 'shipping line',
  terminal: 'port terminal',
  rail: 'rail carrier',
};

export const RISK_REASON_WORDS: Readonly<Record<RiskReason, string>> = {
  last_free_day_passed: 'Last free day has passed',
  last_free_day_today: 'Last free day is today',
  last_free_day_soon: 'Last free day is close',
  holds: 'Held where it waits',
};

export const TRACKING_REQUEST_STATUS_WORDS: Readonly<Record<TrackingRequestStatus, string>> = {
  pending: 'Pending',
  succeeded: 'Tracking',
  failed: 'Failed',
  awaiting_manifest: 'Waiting for the manifest',
  tracking_stopped: 'Tracking stopped',
};

export const TRACKING_STOPPED_REASON_WORDS: Readonly<Record<TrackingStoppedReason, string>> = {
  all_containers_terminated: 'all containers returned',
  past_arrival_window: 'no arrival reported in time',
  past_full_out_window: 'no pickup reported in time',
  no_updates_at_line: 'no updates from the line',
  cancelled_by_user: 'stopped by a user',
  booking_cancelled: 'booking cancelled',
  data_unavailable: 'data unavailable',
};

export const DELIVERY_STATUS_WORDS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** Every table above, as the server hands it to the browser surfaces (the console's words script). */
export const HUMAN_WORDS = {
  events: EVENT_WORDING,
  container_statuses: CONTAINER_STATUS_WORDS,
  journey_phases: JOURNEY_PHASE_WORDS,
  journey_places: JOURNEY_PLACE_WORDS,
  pickup_statuses: PICKUP_STATUS_WORDS,
  last_free_day_sources: LAST_FREE_DAY_SOURCE_WORDS,
  risk_reasons: RISK_REASON_WORDS,
  tracking_request_statuses: TRACKING_REQUEST_STATUS_WORDS,
  tracking_stopped_reasons: TRACKING_STOPPED_REASON_WORDS,
  delivery_statuses: DELIVERY_STATUS_WORDS,
} as const;
