import { EVENT_NAMES, REFERENCE_OBJECT_TYPES } from '@quayside/domain';
import type { EventName, EventRecord, ReferenceObjectType } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, TextColumn, UuidColumn, inList } from './column-types';
import { ContainerEntity } from './container.entity';
import { ShipmentEntity } from './shipment.entity';
import { TrackingRequestEntity } from './tracking-request.entity';

/**
 * The durable log of domain events the tracker emits. Webhook notifications point here,
 * so an event names at most one container and (webhook, event) identifies a notification.
 */
@Entity({ name: 'events' })
@Check('chk_events_name', inList('name', EVENT_NAMES))
@Check('chk_events_reference_object_type', inList('reference_object_type', REFERENCE_OBJECT_TYPES))
@Index('uq_events_dedupe_key', ['dedupe_key'], { unique: true })
@Index('idx_events_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_events_shipment_id', ['shipment_id'])
@Index('idx_events_container_id', ['container_id'])
@Index('idx_events_tracking_request_id', ['tracking_request_id'])
// Retention's way to the oldest rows (USING brin, made by the Retention migration; TypeORM cannot describe it).
@Index('idx_events_created_at_brin', { synchronize: false })
export class EventEntity implements EventRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  name!: EventName;

  @TextColumn()
  reference_object_type!: ReferenceObjectType;

  @UuidColumn()
  reference_object_id!: string;

  @UuidColumn({ nullable: true })
  shipment_id!: string | null;

  @ManyToOne(() => ShipmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipment_id' })
  shipment?: ShipmentEntity | null;

  @UuidColumn({ nullable: true })
  container_id!: string | null;

  @ManyToOne(() => ContainerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'container_id' })
  container?: ContainerEntity | null;

  @UuidColumn({ nullable: true })
  tracking_request_id!: string | null;

  @ManyToOne(() => TrackingRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tracking_request_id' })
  tracking_request?: TrackingRequestEntity | null;

  /** Event-specific data, e.g. the `changeset` of `container.updated` (old value first, new second). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  payload!: Record<string, unknown>;

  @InstantColumn({ nullable: false })
  occurred_at!: Date;

  /**
   * What the event is about, not when it was seen: the object, the event and the new value
   * (with the object's change version), so the same change stored again is refused here
   * (docs/architecture.md, "Invariants").
   */
  @TextColumn()
  dedupe_key!: string;

  @CreatedAtColumn()
  created_at!: Date;
}
