import type { AccountEntity } from '../entities/account.entity';
import type { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import type { ContainerEntity } from '../entities/container.entity';
import type { EstimatedEventEntity } from '../entities/estimated-event.entity';
import type { EventEntity } from '../entities/event.entity';
import type { ShipmentEntity } from '../entities/shipment.entity';
import type { TrackingRequestEntity } from '../entities/tracking-request.entity';
import type { TransportEventEntity } from '../entities/transport-event.entity';
import type { RawEventEntity } from '../entities/raw-event.entity';
import type { OutboxEntry } from './outbox.repository';

/** One account's record of a shipment as stored: the "previous" side of a diff. */
export interface StoredShipmentState {
  shipment: ShipmentEntity;
  containers: ContainerEntity[];
  /** Current (not invalidated) milestones of the shipment's containers. */
  transportEvents: TransportEventEntity[];
}

/** What a single-record transaction locked and read before deciding. */
export interface LoadedTrackingState {
  /** The tracking request the job is about, locked; null for shipment jobs. */
  trackingRequest: TrackingRequestEntity | null;
  account: AccountEntity;
  /** The account's shipment, locked; null when it has none. */
  state: StoredShipmentState | null;
  /** Tracking requests linked to the shipment (or the job's one), locked. */
  linkedRequests: TrackingRequestEntity[];
}

/** Relations are loaded objects, never written through these rows. */
type RelationKey =
  | 'account'
  | 'shipment'
  | 'container'
  | 'tracking_request'
  | 'tracked_object'
  | 'shipping_line'
  | 'port_of_lading'
  | 'port_of_discharge'
  | 'destination'
  | 'pod_terminal'
  | 'destination_terminal'
  | 'location'
  | 'terminal'
  | 'carrier_shipment'
  | 'previous_version'
  | 'transport_event';
type Row<T> = Partial<Omit<T, RelationKey | 'tracking_stopped'>>;

export type NewTransportEvent = Row<TransportEventEntity> &
  Pick<TransportEventEntity, 'id' | 'container_id' | 'event' | 'data_source' | 'dedupe_key'>;
/** A source message as received; stored once per container and `dedupe_key`. */
export type NewRawEvent = Omit<Row<RawEventEntity>, 'transport_event_id' | 'invalidated_at' | 'created_at'> &
  Pick<RawEventEntity, 'id' | 'account_id' | 'container_id' | 'original_event' | 'data_source' | 'dedupe_key'>;
export type NewEstimatedEvent = Row<EstimatedEventEntity> &
  Pick<EstimatedEventEntity, 'id' | 'shipment_id' | 'event' | 'estimated_timestamp' | 'data_source'>;

/**
 * A domain event to store and hand to the webhook dispatcher. `dedupe_key` is its identity
 * (unique: the same change is never stored twice). `requiresTransportEventId` ties it to a
 * transport event of the same write: when that row was not stored (it existed already), the
 * event is dropped too, so an event is never stored for a change that was not stored.
 */
export type NewEvent = Row<EventEntity> &
  Pick<EventEntity, 'id' | 'name' | 'reference_object_type' | 'reference_object_id' | 'payload' | 'occurred_at' | 'dedupe_key'> & {
    requiresTransportEventId?: string;
  };

/** Everything one decision changes for one account's record, written in one transaction. */
export interface StateWrite {
  trackingRequests?: Array<{ id: string; values: Row<TrackingRequestEntity> }>;
  /** `isNew` inserts (with `values.id`), otherwise updates the row `values.id`. */
  shipment?: { isNew: boolean; values: Row<ShipmentEntity> & Pick<ShipmentEntity, 'id'> };
  containers?: Array<{ isNew: boolean; values: Row<ContainerEntity> & Pick<ContainerEntity, 'id'> }>;
  /** Current transport events superseded by a corrected version in `transportEvents`. */
  invalidatedTransportEventIds?: string[];
  transportEvents?: NewTransportEvent[];
  estimatedEvents?: NewEstimatedEvent[];
  /**
   * What the sources said, as they said it: linked to the current transport event it mapped to
   * (same container, event, place and time), and superseding earlier reports of the same event
   * at the same place.
   */
  rawEvents?: NewRawEvent[];
  /** In emission order; `created_at` is spaced by a microsecond each so listing order is emission order. */
  events?: NewEvent[];
  /** Further jobs (e.g. the next attempt of a tracking request). */
  outbox?: OutboxEntry[];
}

/** How a single-record transaction finds what it locks. */
export interface StateTransactionTarget {
  /** The job's outbox row, completed first: a replay stops there and changes nothing. */
  outboxId: string | null;
  trackingRequestId?: string;
  /** A shipment by id (stop, resume). */
  shipmentId?: string;
  /** A tracked number's first-attempt lease to hand back in the same transaction. */
  releaseNumberLease?: ObservationLease;
}

export type StateTransactionResult<T> = { status: 'replayed' } | { status: 'missing' } | { status: 'done'; value: T; eventIds: string[] };

/** The sources an observation carries, each with when it was fetched and the source's own time. */
export type ObservationSource = 'carrier' | 'terminal' | 'rail';
export interface SourceStamp {
  fetchedAt: Date;
  /** The source's own latest time (a carrier's newest event, a terminal's check time), when it says. */
  sourceAt: Date | null;
}
export type ObservationSources = Partial<Record<ObservationSource, SourceStamp>>;

/**
 * A refresh's right to ask the sources about one physical shipment (or, before the carrier
 * has named it, one tracked number) and the order of what it will see: `seq` is taken from
 * `observation_seq` when the lease is granted, so it orders observations across processes.
 */
export type ObservationLease =
  | { kind: 'carrier_shipment'; carrierShipmentId: string; seq: string }
  | { kind: 'tracked_number'; scac: string; number: string; seq: string };

/** A physical shipment not stored yet: the first answer about a tracked number. */
export interface NewCarrierShipment {
  shipping_line_scac: string;
  normalized_number: string;
  query_type: CarrierShipmentEntity['query_type'];
  query_number: string;
  tracking_since: Date;
}

/** What an observation is applied to, and how it was obtained. */
export interface ObservationTarget {
  outboxId: string | null;
  /** The job that made the observation (kept with a stale observation). */
  job: string;
  lease: ObservationLease;
  /** The physical shipment: stored (by id), or created from its first answer. */
  carrierShipment: { id: string } | { create: NewCarrierShipment };
  /** A tracked number the answer belongs to, linked to the physical shipment in the transaction. */
  trackedNumber?: { scac: string; number: string };
  /** The tracking request of this attempt, locked and handed to the decision. */
  trackingRequestId?: string;
  /** Open requests for numbers of this physical shipment join it (only for a found shipment). */
  joinOpenRequests: boolean;
  sources: ObservationSources;
  /**
   * The clock the sources were asked on (the physical shipment's `tracking_since` when it was
   * leased). An answer played on another clock (two numbers of one new shipment asked at once)
   * is not this shipment's history: it counts as stale.
   */
  trackingSince: Date;
}

/** One account following a physical shipment: its record (if any) and its requests. */
export interface Follower {
  account: AccountEntity;
  state: StoredShipmentState | null;
  /** Requests linked to the record, locked. */
  linkedRequests: TrackingRequestEntity[];
  /** Open requests of this account that join the physical shipment now, locked. */
  joiningRequests: TrackingRequestEntity[];
}

/** What an observation transaction locked and read before deciding. */
export interface LoadedObservation {
  carrierShipment: CarrierShipmentEntity;
  /** Per source carried: newer than what was applied (apply it), or not (stale: never apply). */
  fresh: Partial<Record<ObservationSource, boolean>>;
  followers: Follower[];
  /** The attempt's own tracking request, locked (also among a follower's joining requests when open). */
  trackingRequest: TrackingRequestEntity | null;
}

/** The decision on an observation: a write per record, and the physical shipment's schedule and query. */
export interface ObservationDecision<T> {
  writes: StateWrite[];
  carrierShipment?: Partial<
    Pick<CarrierShipmentEntity, 'next_refresh_at' | 'refresh_phase' | 'fresh_until' | 'query_type' | 'query_number'>
  >;
  value: T;
}

export type ObservationResult<T> =
  { status: 'replayed' } | { status: 'missing' } | { status: 'done'; value: T; eventIds: string[]; stale: ObservationSource[] };
