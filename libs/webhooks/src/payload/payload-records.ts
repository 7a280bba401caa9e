import type {
  ContainerRecord as StoredContainer,
  CustomFieldValueRecord,
  DocumentRecord,
  DocumentRepresentationRecord,
  EstimatedEventRecord as StoredEstimatedEvent,
  EventOrigin,
  PortRecord as StoredPort,
  Shipment,
  TerminalRecord as StoredTerminal,
  TrackingRequest,
  TransportEventRecord as StoredTransportEvent,
} from '@quayside/domain';

/**
 * The records a notification payload shows, as the api reads them (tracking requests and
 * shipments as domain records, the others as the columns they need), so entities fit as they
 * are and samples need no storage-only fields.
 */
/** A tracking request as the api reads it (`toTrackingRequest`). */
export type TrackingRequestRecord = Omit<TrackingRequest, 'account_id'>;

/** A shipment as the api reads it (`toShipment`). */
export type ShipmentRecord = Omit<Shipment, 'account_id'> & {
  /** The shipment's containers, when loaded; the relationship is left out otherwise. */
  container_ids?: readonly string[];
};

export type ContainerRecord = Omit<StoredContainer, 'account_id' | 'next_refresh_at' | 'last_snapshot' | 'change_version'>;

export type TransportEventRecord = Pick<
  StoredTransportEvent,
  | 'id'
  | 'event'
  | 'voyage_number'
  | 'timestamp'
  | 'timezone'
  | 'location_locode'
  | 'created_at'
  | 'data_source'
  | 'vessel_name'
  | 'vessel_imo'
  | 'container_id'
  | 'shipment_id'
  | 'location_id'
  | 'terminal_id'
  | 'invalidated_at'
  | 'previous_version_id'
  | 'value'
>;

export type EstimatedEventRecord = Pick<
  StoredEstimatedEvent,
  | 'id'
  | 'event'
  | 'estimated_timestamp'
  | 'location_locode'
  | 'timezone'
  | 'voyage_number'
  | 'created_at'
  | 'data_source'
  | 'shipment_id'
  | 'container_id'
> & {
  /** The port of `location_locode`, when known. */
  port_id?: string | null;
};

/** `container.updated` / `container.pod_terminal_changed`: the event row itself is the resource. */
export interface ContainerChangeRecord {
  id: string;
  /** Each changed attribute as `[old, new]`. */
  changeset: Record<string, [unknown, unknown]>;
  timestamp: Date;
  timezone: string | null;
  data_source: EventOrigin;
  container_id: string;
  /** The container's shipment: a relationship of `container_pod_terminal_changed_event` only, as the established API. */
  shipment_id?: string | null;
  terminal_id: string | null;
}

export type PortRecord = Pick<
  StoredPort,
  'id' | 'name' | 'code' | 'state_abbr' | 'city' | 'country_code' | 'time_zone' | 'latitude' | 'longitude'
>;

export type TerminalRecord = Pick<
  StoredTerminal,
  | 'id'
  | 'name'
  | 'nickname'
  | 'firms_code'
  | 'smdg_code'
  | 'bic_facility_code'
  | 'street'
  | 'city'
  | 'state'
  | 'state_abbr'
  | 'zip'
  | 'country'
  | 'port_id'
>;

/** Everything a notification's `included` may hold; the reference object is one of them. */
export interface NotificationRecords {
  tracking_requests?: TrackingRequestRecord[];
  shipments?: ShipmentRecord[];
  containers?: ContainerRecord[];
  transport_events?: TransportEventRecord[];
  estimated_events?: EstimatedEventRecord[];
  container_changes?: ContainerChangeRecord[];
  ports?: PortRecord[];
  terminals?: TerminalRecord[];
  /** The custom field values of the tracking requests, shipments and containers above. */
  custom_fields?: CustomFieldValueRecord[];
  documents?: DocumentRecord[];
  document_representations?: DocumentRepresentationRecord[];
}
