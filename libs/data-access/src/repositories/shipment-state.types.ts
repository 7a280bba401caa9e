import type { AccountEntity } from '../entities/account.entity';
import type { ContainerEntity } from '../entities/container.entity';
import type { EstimatedEventEntity } from '../entities/estimated-event.entity';
import type { EventEntity } from '../entities/event.entity';
import type { ShipmentEntity } from '../entities/shipment.entity';
import type { TrackingRequestEntity } from '../entities/tracking-request.entity';
import type { TransportEventEntity } from '../entities/transport-event.entity';
import type { OutboxEntry } from './outbox.repository';

/** One account's record of a shipment as stored: the "previous" side of a diff. */
export interface StoredShipmentState {
  shipment: ShipmentEntity;
  containers: ContainerEntity[];
  /** Stored transport events of the shipment's containers (milestones and value changes). */
  transportEvents: TransportEventEntity[];
}

/** What a state transaction locked and read before deciding. */
export interface LoadedTrackingState {
  /** The tracking request the job is about, locked; null for shipment refreshes. */
  trackingRequest: TrackingRequestEntity | null;
  account: AccountEntity;
  /** The account's shipment, locked; null when it has none yet (a first success creates it). */
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
  | 'terminal';
type Row<T> = Partial<Omit<T, RelationKey | 'tracking_stopped'>>;

export type NewTransportEvent = Row<TransportEventEntity> &
  Pick<TransportEventEntity, 'id' | 'container_id' | 'event' | 'data_source' | 'dedupe_key'>;
export type NewEstimatedEvent = Row<EstimatedEventEntity> & Pick<EstimatedEventEntity, 'id' | 'shipment_id' | 'event' | 'estimated_timestamp' | 'data_source'>;

/**
 * A domain event to store and hand to the webhook dispatcher. `requiresTransportEventId`
 * ties it to a transport event of the same write: when that row already existed (a replay),
 * the event is dropped too, so an event is never stored for a change that was not stored.
 */
export type NewEvent = Row<EventEntity> &
  Pick<EventEntity, 'id' | 'name' | 'reference_object_type' | 'reference_object_id' | 'payload' | 'occurred_at'> & {
    requiresTransportEventId?: string;
  };

/** Everything one decision changes, written in one transaction. */
export interface StateWrite {
  trackingRequests?: Array<{ id: string; values: Row<TrackingRequestEntity> }>;
  /** `isNew` inserts (with `values.id`), otherwise updates the row `values.id`. */
  shipment?: { isNew: boolean; values: Row<ShipmentEntity> & Pick<ShipmentEntity, 'id'> };
  containers?: Array<{ isNew: boolean; values: Row<ContainerEntity> & Pick<ContainerEntity, 'id'> }>;
  transportEvents?: NewTransportEvent[];
  estimatedEvents?: NewEstimatedEvent[];
  /** In emission order; `created_at` is spaced by a microsecond each so listing order is emission order. */
  events?: NewEvent[];
  /** Further jobs (e.g. the next attempt of a tracking request). */
  outbox?: OutboxEntry[];
}

/** How a state transaction finds what it locks. */
export interface StateTransactionTarget {
  /** The job's outbox row, completed first: a replay stops there and changes nothing. */
  outboxId: string | null;
  trackingRequestId?: string;
  /** A shipment by id (refreshes, stop, resume). */
  shipmentId?: string;
  /** The account's shipment by carrier and number (a tracking request links to it or creates it). */
  shipmentKey?: { scac: string; normalizedNumber: string };
}

export type StateTransactionResult<T> = { status: 'replayed' } | { status: 'missing' } | { status: 'done'; value: T; eventIds: string[] };
