import type { DocumentRecord, DocumentRepresentationRecord } from '@quayside/domain';
import type {
  ContainerChangeRecord,
  ContainerRecord,
  EstimatedEventRecord,
  PortRecord,
  ShipmentRecord,
  TerminalRecord,
  TrackingRequestRecord,
  TransportEventRecord,
} from '../payload/payload-records';

/**
 * One consistent shipment (Manzanillo → Oakland, one 40' dry container) that every sample
 * payload is cut from. Ids are fixed so documentation and tests can quote them.
 */
export const SAMPLE_IDS = {
  webhook: '914b21ce-dd7d-4c49-8503-65aba488e9a9',
  notification: 'a76187fc-5749-43f9-9053-cfaad9790a31',
  trackingRequest: 'bdeca506-9741-4ab1-a0a7-cfd1d908e923',
  shipment: 'b5b10c0a-8d18-46da-b4c2-4e5fa790e7da',
  container: 'b2fc728c-e2f5-4a99-8899-eb7b34ef22d7',
  transportEvent: '56078596-5293-4c84-9245-cca00a787265',
  estimatedEvent: 'b68bc6cb-2c37-43f6-889b-86a16b2b6fe6',
  containerChange: 'fc48cb10-b7a8-47a4-a12f-89bce7434978',
  portOfLading: '4384d6a5-5ccc-43b7-8d19-4a9525e74c08',
  portOfDischarge: '2a765fdd-c479-4345-b71d-c4ef839952e2',
  terminal: '17891bc8-52da-40bf-8ff0-0247ec05faf1',
  document: '6f1d0c56-8a3e-4f43-9a51-2a8f3f0c7e11',
  documentRepresentation: '0b8e7f0a-2d4c-4c1e-8f57-5d7c9e3a1b24',
} as const;

const at = (iso: string) => new Date(iso);

export const SAMPLE_PORT_OF_LADING: PortRecord = {
  id: SAMPLE_IDS.portOfLading,
  name: 'Manzanillo',
  code: 'MXZLO',
  state_abbr: null,
  city: 'Manzanillo',
  country_code: 'MX',
  time_zone: 'America/Mexico_City',
  latitude: 19.0522,
  longitude: -104.3158,
};

export const SAMPLE_PORT_OF_DISCHARGE: PortRecord = {
  id: SAMPLE_IDS.portOfDischarge,
  name: 'Port of Oakland',
  code: 'USOAK',
  state_abbr: 'CA',
  city: 'Oakland',
  country_code: 'US',
  time_zone: 'America/Los_Angeles',
  latitude: 37.7955,
  longitude: -122.2796,
};

export const SAMPLE_TERMINAL: TerminalRecord = {
  id: SAMPLE_IDS.terminal,
  name: 'Oakland International Container Terminal',
  nickname: 'OICT',
  firms_code: 'Z985',
  smdg_code: null,
  bic_facility_code: null,
  street: '2505 Middle Harbor Rd',
  city: 'Oakland',
  state: 'California',
  state_abbr: 'CA',
  zip: '94607',
  country: 'United States',
  port_id: SAMPLE_IDS.portOfDischarge,
};

export const SAMPLE_TRACKING_REQUEST: TrackingRequestRecord = {
  id: SAMPLE_IDS.trackingRequest,
  request_number: 'MEDUQS123456',
  request_type: 'bill_of_lading',
  scac: 'MSCU',
  ref_numbers: ['PO-1042'],
  tags: [],
  shipment_tags: [],
  status: 'succeeded',
  failed_reason: null,
  is_retrying: false,
  retry_count: 0,
  customer_id: null,
  created_at: '2026-08-10T21:25:34.000Z',
  updated_at: '2026-08-10T21:26:02.000Z',
  tracked_object_id: SAMPLE_IDS.shipment,
};

export const SAMPLE_SHIPMENT: ShipmentRecord = {
  id: SAMPLE_IDS.shipment,
  bill_of_lading_number: 'MEDUQS123456',
  normalized_number: 'QS123456',
  ref_numbers: ['PO-1042'],
  tags: [],
  created_at: '2026-08-10T21:26:01.000Z',
  updated_at: '2026-08-14T08:00:00.000Z',
  port_of_lading_locode: 'MXZLO',
  port_of_lading_name: 'Manzanillo',
  port_of_discharge_locode: 'USOAK',
  port_of_discharge_name: 'Port of Oakland',
  destination_locode: null,
  destination_name: null,
  shipping_line_scac: 'MSCU',
  shipping_line_name: 'Mediterranean Shipping Company',
  shipping_line_short_name: 'MSC',
  customer_name: null,
  pod_vessel_name: 'MSC CHANNE',
  pod_vessel_imo: '9710438',
  pod_voyage_number: '098N',
  pol_etd_at: null,
  pol_original_etd_at: '2026-07-28T18:00:00.000Z',
  pol_atd_at: '2026-07-29T21:25:33.000Z',
  pod_eta_at: '2026-08-15T14:00:00.000Z',
  pod_original_eta_at: '2026-08-14T14:00:00.000Z',
  pod_ata_at: null,
  destination_eta_at: null,
  destination_original_eta_at: null,
  destination_ata_at: null,
  pol_timezone: 'America/Mexico_City',
  pod_timezone: 'America/Los_Angeles',
  destination_timezone: null,
  line_tracking_last_attempted_at: '2026-08-14T08:00:00.000Z',
  line_tracking_last_succeeded_at: '2026-08-14T08:00:00.000Z',
  line_tracking_stopped_at: null,
  line_tracking_stopped_reason: null,
  port_of_lading_id: SAMPLE_IDS.portOfLading,
  port_of_discharge_id: SAMPLE_IDS.portOfDischarge,
  destination_id: null,
  pod_terminal_id: SAMPLE_IDS.terminal,
  destination_terminal_id: null,
  shipping_line_id: null,
  container_ids: [SAMPLE_IDS.container],
};

export const SAMPLE_CONTAINER: ContainerRecord = {
  id: SAMPLE_IDS.container,
  number: 'MSCU1824900',
  ref_numbers: [],
  equipment_type: 'dry',
  equipment_length: 40,
  equipment_height: 'standard',
  weight_in_lbs: 53507,
  seal_number: '139F1451',
  created_at: at('2026-08-10T21:26:01Z'),
  updated_at: at('2026-08-14T08:00:00Z'),
  pickup_lfd: at('2026-08-20T07:00:00Z'),
  pickup_lfd_line: at('2026-08-20T07:00:00Z'),
  pickup_lfd_terminal: at('2026-08-19T07:00:00Z'),
  pickup_lfd_rail: null,
  pickup_appointment_at: null,
  availability_known: true,
  available_for_pickup: true,
  pod_arrived_at: at('2026-08-14T09:12:00Z'),
  pod_discharged_at: null,
  pod_full_out_at: null,
  pod_eta_at: at('2026-08-15T14:00:00Z'),
  terminal_checked_at: at('2026-08-14T09:30:00Z'),
  pod_full_out_chassis_number: null,
  location_at_pod_terminal: 'YARD B-12',
  final_destination_full_out_at: null,
  empty_terminated_at: null,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  pod_timezone: 'America/Los_Angeles',
  final_destination_timezone: null,
  empty_terminated_timezone: null,
  pod_rail_carrier_scac: null,
  ind_rail_carrier_scac: null,
  pod_last_tracking_request_at: null,
  shipment_last_tracking_request_at: at('2026-08-14T08:00:00Z'),
  pod_rail_loaded_at: null,
  pod_rail_departed_at: null,
  ind_eta_at: null,
  ind_ata_at: null,
  ind_rail_unloaded_at: null,
  ind_facility_lfd_on: null,
  pol_full_in_at: at('2026-07-26T15:40:00Z'),
  pol_vessel_loaded_at: at('2026-07-28T23:05:00Z'),
  pol_vessel_departed_at: at('2026-07-29T21:25:33Z'),
  empty_out_at: at('2026-07-24T17:10:00Z'),
  delivered_at: null,
  ind_facility_holds: null,
  ind_facility_fees: null,
  rail_last_tracking_request_at: null,
  current_status: 'available',
  shipment_id: SAMPLE_IDS.shipment,
  pod_terminal_id: SAMPLE_IDS.terminal,
};

export function sampleTransportEvent(event: TransportEventRecord['event']): TransportEventRecord {
  return {
    id: SAMPLE_IDS.transportEvent,
    event,
    voyage_number: '098N',
    timestamp: at('2026-08-14T09:12:00Z'),
    timezone: 'America/Los_Angeles',
    location_locode: 'USOAK',
    created_at: at('2026-08-14T09:30:00Z'),
    data_source: 'shipping_line',
    vessel_name: 'MSC CHANNE',
    vessel_imo: '9710438',
    container_id: SAMPLE_IDS.container,
    shipment_id: SAMPLE_IDS.shipment,
    location_id: SAMPLE_IDS.portOfDischarge,
    terminal_id: SAMPLE_IDS.terminal,
    invalidated_at: null,
    previous_version_id: null,
    // A value change announces its new value (the sample's last free day or appointment); milestones have none.
    value: event.startsWith('container.pickup_') ? at('2026-08-20T07:00:00Z') : null,
  };
}

export function sampleEstimatedEvent(event: EstimatedEventRecord['event']): EstimatedEventRecord {
  return {
    id: SAMPLE_IDS.estimatedEvent,
    event,
    estimated_timestamp: at('2026-08-15T14:00:00Z'),
    location_locode: 'USOAK',
    timezone: 'America/Los_Angeles',
    voyage_number: '098N',
    created_at: at('2026-08-14T09:30:00Z'),
    data_source: 'shipping_line',
    shipment_id: SAMPLE_IDS.shipment,
    container_id: event === 'shipment.estimated.arrival' ? null : SAMPLE_IDS.container,
    port_id: SAMPLE_IDS.portOfDischarge,
  };
}

export function sampleContainerChange(changeset: ContainerChangeRecord['changeset']): ContainerChangeRecord {
  return {
    id: SAMPLE_IDS.containerChange,
    changeset,
    timestamp: at('2026-08-14T09:30:00Z'),
    timezone: 'America/Los_Angeles',
    data_source: 'terminal',
    container_id: SAMPLE_IDS.container,
    terminal_id: SAMPLE_IDS.terminal,
  };
}

const SAMPLE_FIELD = { confidence: 0.9, page: 1 };

/** The shipment's bill of lading as read from an uploaded PDF. */
export const SAMPLE_DOCUMENT_REPRESENTATION: DocumentRepresentationRecord = {
  id: SAMPLE_IDS.documentRepresentation,
  document_id: SAMPLE_IDS.document,
  schema_version: 'bill_of_lading@2026-11-01',
  payload: {
    bill_of_lading_numbers: [{ ...SAMPLE_FIELD, value: 'MEDUQS123456', line: 3, source_text: 'B/L No.: MEDUQS123456' }],
    booking_numbers: [],
    container_numbers: [
      { ...SAMPLE_FIELD, confidence: 0.98, value: 'MSCU1824900', line: 12, source_text: 'MSCU 182490 0   40HC   53,507 LBS' },
    ],
    scac: { ...SAMPLE_FIELD, value: 'MSCU', line: 3, source_text: 'B/L No.: MEDUQS123456' },
    vessel: { ...SAMPLE_FIELD, confidence: 0.8, value: 'MSC CHANNE', line: 7, source_text: 'Vessel: MSC CHANNE   Voyage: 098N' },
    voyage: { ...SAMPLE_FIELD, confidence: 0.8, value: '098N', line: 7, source_text: 'Vessel: MSC CHANNE   Voyage: 098N' },
    dates: [],
    charges: [],
  },
  created_at: at('2026-08-14T09:30:04Z'),
  updated_at: at('2026-08-14T09:30:04Z'),
};

/** An uploaded bill of lading: extracted and linked to the sample shipment, or failed. */
export function sampleDocument(failed: boolean): DocumentRecord {
  return {
    id: SAMPLE_IDS.document,
    name: 'MEDUQS123456.pdf',
    document_type: failed ? 'other' : 'bill_of_lading',
    document_type_manual: null,
    classification_notes: failed ? null : 'Classified as bill_of_lading (score 5) from "bill of lading", "shipper".',
    source: 'upload',
    file_name: 'MEDUQS123456.pdf',
    file_content_type: 'application/pdf',
    file_size_bytes: 48213,
    page_count: 1,
    extraction_status: failed ? 'failed' : 'extracted',
    extraction_error: failed ? 'The PDF cannot be read: Invalid PDF structure.' : null,
    create_tracking_requests: false,
    extracted_data_manual: null,
    email_submission_id: null,
    last_document_representation_id: failed ? null : SAMPLE_IDS.documentRepresentation,
    shipment_ids: failed ? [] : [SAMPLE_IDS.shipment],
    container_ids: failed ? [] : [SAMPLE_IDS.container],
    created_at: at('2026-08-14T09:30:00Z'),
    updated_at: at('2026-08-14T09:30:04Z'),
  };
}
