import { DATA_SOURCES } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { NullableTextColumn, TextColumn, UuidColumn, inList } from './column-types';
import { ContainerEventColumns } from './container-event-columns';
import { TransportEventEntity } from './transport-event.entity';

/**
 * One event of one container as a source (carrier, terminal, rail) sent it, kept beside what it
 * was mapped to (docs/containers.md, "Raw events"). Written in the transaction that applies the
 * observation; `dedupe_key` (source, original wording, place, time, estimated) makes a repeated
 * answer insert nothing. A later report of the same event at the same place with another time
 * sets `invalidated_at` on the earlier one.
 */
@Entity({ name: 'raw_events' })
@Check('chk_raw_events_data_source', inList('data_source', DATA_SOURCES))
@Index('uq_raw_events_container_dedupe', ['container_id', 'dedupe_key'], { unique: true })
@Index('idx_raw_events_container_index', ['account_id', 'container_id', 'created_at', 'index'])
@Index('idx_raw_events_transport_event', ['transport_event_id'], { where: '"transport_event_id" IS NOT NULL' })
// Retention's way to the oldest rows (USING brin, made by the Retention migration; TypeORM cannot describe it).
@Index('idx_raw_events_created_at_brin', { synchronize: false })
export class RawEventEntity extends ContainerEventColumns {
  /** The normalized event it mapped to (`container.transport.vessel_loaded`); null when none. */
  @NullableTextColumn()
  event!: string | null;

  /** The event as the source named it. */
  @TextColumn()
  original_event!: string;

  @Column({ type: 'boolean', default: false })
  estimated!: boolean;

  /** Order within the container's events as the source listed them. */
  @Column({ type: 'integer', default: 0 })
  index!: number;

  @NullableTextColumn()
  location_name!: string | null;

  /** Who sent it: the SCAC of the line or rail carrier, the FIRMS code of the terminal. */
  @NullableTextColumn()
  data_provider_code!: string | null;

  @NullableTextColumn()
  data_provider_name!: string | null;

  /** The transport event it became, when it became one. */
  @UuidColumn({ nullable: true })
  transport_event_id!: string | null;

  @ManyToOne(() => TransportEventEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'transport_event_id' })
  transport_event?: TransportEventEntity | null;
}
