import { ESTIMATED_EVENT_NAMES } from '@quayside/domain';
import type { EstimatedEventAttributes, EstimatedEventName, EstimatedEventRecord } from '@quayside/domain';
import { Check, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, NullableTextColumn, TextColumn, UuidColumn, inList } from './column-types';
import { ContainerEntity } from './container.entity';
import { ShipmentEntity } from './shipment.entity';

const ESTIMATED_DATA_SOURCES: readonly EstimatedEventAttributes['data_source'][] = ['shipping_line', 'terminal'];

/** A changed estimate (ETA/ETD), kept as history: one row per change. */
@Entity({ name: 'estimated_events' })
@Check('chk_estimated_events_event', inList('event', ESTIMATED_EVENT_NAMES))
@Check('chk_estimated_events_data_source', inList('data_source', ESTIMATED_DATA_SOURCES))
@Index('idx_estimated_events_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_estimated_events_shipment_id', ['shipment_id', 'created_at'])
@Index('idx_estimated_events_container_id', ['container_id'])
export class EstimatedEventEntity implements EstimatedEventRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  shipment_id!: string;

  @ManyToOne(() => ShipmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipment_id' })
  shipment?: ShipmentEntity;

  @UuidColumn({ nullable: true })
  container_id!: string | null;

  @ManyToOne(() => ContainerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'container_id' })
  container?: ContainerEntity | null;

  @TextColumn()
  event!: EstimatedEventName;

  @InstantColumn({ nullable: false })
  estimated_timestamp!: Date;

  @NullableTextColumn()
  location_locode!: string | null;

  @NullableTextColumn()
  timezone!: string | null;

  @NullableTextColumn()
  voyage_number!: string | null;

  @TextColumn()
  data_source!: EstimatedEventAttributes['data_source'];

  @CreatedAtColumn()
  created_at!: Date;
}
