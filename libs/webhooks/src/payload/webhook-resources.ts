import type {
  ContainerAttributes,
  EstimatedEventAttributes,
  PortAttributes,
  ShipmentAttributes,
  TerminalAttributes,
  TrackingRequestAttributes,
  TransportEventAttributes,
} from '@quayside/domain';
import { ResourceRegistry, relationshipByIds } from '@quayside/json-api';
import type {
  ContainerChangeRecord,
  ContainerRecord,
  EstimatedEventRecord,
  PortRecord,
  ShipmentRecord,
  TerminalRecord,
  TrackingRequestRecord,
  TransportEventRecord,
} from './payload-records';

function iso(value: Date): string;
function iso(value: Date | null): string | null;
function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** Attribute interfaces have no index signature; a spread copy is the plain object a resource holds. */
function plain<TRecord, TAttributes extends object>(attributes: (record: TRecord) => TAttributes): (record: TRecord) => Record<string, unknown> {
  return (record) => Object.fromEntries(Object.entries(attributes(record)));
}

function trackingRequestAttributes(r: TrackingRequestRecord): TrackingRequestAttributes {
  return {
    request_number: r.request_number,
    request_type: r.request_type,
    scac: r.scac,
    ref_numbers: r.ref_numbers,
    tags: r.tags,
    status: r.status,
    failed_reason: r.failed_reason,
    is_retrying: r.is_retrying,
    retry_count: r.retry_count,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function shipmentAttributes(s: ShipmentRecord): ShipmentAttributes {
  return {
    bill_of_lading_number: s.bill_of_lading_number,
    normalized_number: s.normalized_number,
    ref_numbers: s.ref_numbers,
    tags: s.tags,
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
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
    pol_etd_at: iso(s.pol_etd_at),
    pol_atd_at: iso(s.pol_atd_at),
    pod_eta_at: iso(s.pod_eta_at),
    pod_original_eta_at: iso(s.pod_original_eta_at),
    pod_ata_at: iso(s.pod_ata_at),
    destination_eta_at: iso(s.destination_eta_at),
    destination_ata_at: iso(s.destination_ata_at),
    pol_timezone: s.pol_timezone,
    pod_timezone: s.pod_timezone,
    destination_timezone: s.destination_timezone,
    line_tracking_last_attempted_at: iso(s.line_tracking_last_attempted_at),
    line_tracking_last_succeeded_at: iso(s.line_tracking_last_succeeded_at),
    line_tracking_stopped_at: iso(s.line_tracking_stopped_at),
    line_tracking_stopped_reason: s.line_tracking_stopped_reason,
  };
}

function containerAttributes(c: ContainerRecord): ContainerAttributes {
  return {
    number: c.number,
    ref_numbers: c.ref_numbers,
    equipment_type: c.equipment_type,
    equipment_length: c.equipment_length,
    equipment_height: c.equipment_height,
    weight_in_lbs: c.weight_in_lbs,
    seal_number: c.seal_number,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
    pickup_lfd: iso(c.pickup_lfd),
    pickup_appointment_at: iso(c.pickup_appointment_at),
    availability_known: c.availability_known,
    available_for_pickup: c.available_for_pickup,
    pod_arrived_at: iso(c.pod_arrived_at),
    pod_discharged_at: iso(c.pod_discharged_at),
    pod_full_out_at: iso(c.pod_full_out_at),
    pod_eta_at: iso(c.pod_eta_at),
    terminal_checked_at: iso(c.terminal_checked_at),
    pod_full_out_chassis_number: c.pod_full_out_chassis_number,
    location_at_pod_terminal: c.location_at_pod_terminal,
    final_destination_full_out_at: iso(c.final_destination_full_out_at),
    empty_terminated_at: iso(c.empty_terminated_at),
    holds_at_pod_terminal: c.holds_at_pod_terminal,
    fees_at_pod_terminal: c.fees_at_pod_terminal,
    pod_timezone: c.pod_timezone,
    final_destination_timezone: c.final_destination_timezone,
    empty_terminated_timezone: c.empty_terminated_timezone,
    pod_rail_carrier_scac: c.pod_rail_carrier_scac,
    ind_rail_carrier_scac: c.ind_rail_carrier_scac,
    pod_last_tracking_request_at: iso(c.pod_last_tracking_request_at),
    shipment_last_tracking_request_at: iso(c.shipment_last_tracking_request_at),
    pod_rail_loaded_at: iso(c.pod_rail_loaded_at),
    pod_rail_departed_at: iso(c.pod_rail_departed_at),
    ind_eta_at: iso(c.ind_eta_at),
    ind_ata_at: iso(c.ind_ata_at),
    ind_rail_unloaded_at: iso(c.ind_rail_unloaded_at),
    ind_facility_lfd_on: iso(c.ind_facility_lfd_on),
    import_deadlines: {
      pickup_lfd_line: iso(c.pickup_lfd_line),
      pickup_lfd_terminal: iso(c.pickup_lfd_terminal),
      pickup_lfd_rail: iso(c.pickup_lfd_rail),
    },
    current_status: c.current_status,
  };
}

function transportEventAttributes(e: TransportEventRecord): TransportEventAttributes {
  return {
    event: e.event,
    voyage_number: e.voyage_number,
    timestamp: iso(e.timestamp),
    timezone: e.timezone,
    location_locode: e.location_locode,
    created_at: iso(e.created_at),
    data_source: e.data_source,
  };
}

function estimatedEventAttributes(e: EstimatedEventRecord): EstimatedEventAttributes {
  return {
    event: e.event,
    estimated_timestamp: iso(e.estimated_timestamp),
    location_locode: e.location_locode,
    timezone: e.timezone,
    voyage_number: e.voyage_number,
    created_at: iso(e.created_at),
    data_source: e.data_source,
  };
}

function portAttributes(p: PortRecord): PortAttributes {
  return {
    name: p.name,
    code: p.code,
    state_abbr: p.state_abbr,
    city: p.city,
    country_code: p.country_code,
    time_zone: p.time_zone,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

function terminalAttributes(t: TerminalRecord): TerminalAttributes {
  return {
    name: t.name,
    nickname: t.nickname,
    firms_code: t.firms_code,
    smdg_code: t.smdg_code,
    bic_facility_code: t.bic_facility_code,
    street: t.street,
    city: t.city,
    state: t.state,
    state_abbr: t.state_abbr,
    zip: t.zip,
    country: t.country,
  };
}

function containerChange(type: 'container_updated_event' | 'container_pod_terminal_changed_event') {
  return {
    type,
    id: (e: ContainerChangeRecord) => e.id,
    attributes: (e: ContainerChangeRecord) => ({
      changeset: e.changeset,
      timestamp: iso(e.timestamp),
      timezone: e.timezone,
      data_source: e.data_source,
    }),
    relationships: {
      container: relationshipByIds<ContainerChangeRecord, null>('container', (e) => e.container_id),
      terminal: relationshipByIds<ContainerChangeRecord, null>('terminal', (e) => e.terminal_id),
    },
  };
}

/**
 * How each record of a notification payload is serialized: the attribute sets of the
 * reference's resources (a client's parser written for the reference reads them unchanged).
 * No loaders: the dispatcher loads the records, this only shapes them.
 */
export const WEBHOOK_PAYLOAD_RESOURCES = new ResourceRegistry<null>()
  .register<TrackingRequestRecord>({
    type: 'tracking_request',
    id: (r) => r.id,
    attributes: plain(trackingRequestAttributes),
    relationships: { tracked_object: relationshipByIds('shipment', (r) => r.tracked_object_id) },
    selfLink: (r) => `/v2/tracking_requests/${r.id}`,
  })
  .register<ShipmentRecord>({
    type: 'shipment',
    id: (s) => s.id,
    attributes: plain(shipmentAttributes),
    relationships: {
      port_of_lading: relationshipByIds('port', (s) => s.port_of_lading_id),
      port_of_discharge: relationshipByIds('port', (s) => s.port_of_discharge_id),
      pod_terminal: relationshipByIds('terminal', (s) => s.pod_terminal_id),
      destination: relationshipByIds('port', (s) => s.destination_id),
      destination_terminal: relationshipByIds('terminal', (s) => s.destination_terminal_id),
      containers: relationshipByIds('container', (s) => s.container_ids),
    },
    selfLink: (s) => `/v2/shipments/${s.id}`,
  })
  .register<ContainerRecord>({
    type: 'container',
    id: (c) => c.id,
    attributes: plain(containerAttributes),
    relationships: {
      shipment: relationshipByIds('shipment', (c) => c.shipment_id),
      pod_terminal: relationshipByIds('terminal', (c) => c.pod_terminal_id),
    },
    selfLink: (c) => `/v2/containers/${c.id}`,
  })
  .register<TransportEventRecord>({
    type: 'transport_event',
    id: (e) => e.id,
    attributes: plain(transportEventAttributes),
    relationships: {
      shipment: relationshipByIds('shipment', (e) => e.shipment_id),
      container: relationshipByIds('container', (e) => e.container_id),
      vessel: relationshipByIds('vessel', () => null),
      location: relationshipByIds('port', (e) => e.location_id),
      terminal: relationshipByIds('terminal', (e) => e.terminal_id),
    },
  })
  .register<EstimatedEventRecord>({
    type: 'estimated_event',
    id: (e) => e.id,
    attributes: plain(estimatedEventAttributes),
    relationships: {
      shipment: relationshipByIds('shipment', (e) => e.shipment_id),
      port: relationshipByIds('port', (e) => e.port_id ?? null),
      vessel: relationshipByIds('vessel', () => null),
    },
  })
  .register<ContainerChangeRecord>(containerChange('container_updated_event'))
  .register<ContainerChangeRecord>(containerChange('container_pod_terminal_changed_event'))
  .register<PortRecord>({ type: 'port', id: (p) => p.id, attributes: plain(portAttributes) })
  .register<TerminalRecord>({
    type: 'terminal',
    id: (t) => t.id,
    attributes: plain(terminalAttributes),
    relationships: { port: relationshipByIds('port', (t) => t.port_id) },
  });
