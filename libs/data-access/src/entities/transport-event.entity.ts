import { DATA_SOURCES } from '@quayside/domain';
import type { TransportEventAttributes, TransportEventRecord } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { InstantColumn, TextColumn, UuidColumn, inList } from './column-types';
import { ContainerEventColumns } from './container-event-columns';
import { ShipmentEntity } from './shipment.entity';

/**
 * A normalized milestone of one container, or a value change (last free day, availability).
 * `dedupe_key` is the identity (see `transportEventDedupeKey`): (event, place, leg) for a
 * milestone, never its time. It is unique per container among current rows, so replaying an
 * observation inserts nothing twice; a correction invalidates the current row and inserts the
 * new version, which points at it (`previous_version_id`).
 */
@Entity({ name: 'transport_events' })
@Check('chk_transport_events_data_source', inList('data_source', DATA_SOURCES))
@Index('uq_transport_events_current', ['container_id', 'dedupe_key'], { unique: true, where: '"invalidated_at" IS NULL' })
@Index('idx_transport_events_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_transport_events_shipment_id', ['shipment_id'])
@Index('idx_transport_events_container_list', ['container_id', 'created_at', 'id'])
// Where a vessel is bound: its latest departure (docs/vessels-and-maps.md).
@Index('idx_transport_events_vessel_imo', ['vessel_imo', 'timestamp'], { where: '"vessel_imo" IS NOT NULL' })
export class TransportEventEntity extends ContainerEventColumns implements TransportEventRecord {
  @UuidColumn({ nullable: true })
  shipment_id!: string | null;

  @ManyToOne(() => ShipmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipment_id' })
  shipment?: ShipmentEntity | null;

  @TextColumn()
  event!: TransportEventAttributes['event'];

  /** Which occurrence of this event at this place (0 the first); null for value changes. */
  @Column({ type: 'integer', nullable: true })
  leg!: number | null;

  /** The version this one corrects. */
  @UuidColumn({ nullable: true })
  previous_version_id!: string | null;

  @ManyToOne(() => TransportEventEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'previous_version_id' })
  previous_version?: TransportEventEntity | null;

  /** The new value a value-change event announces (an instant); null when removed, and for milestones. */
  @InstantColumn()
  value!: Date | null;
}
