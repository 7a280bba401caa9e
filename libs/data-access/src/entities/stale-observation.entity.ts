import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CarrierShipmentEntity } from './carrier-shipment.entity';
import { CreatedAtColumn, InstantColumn, TextArrayColumn, TextColumn, UuidColumn } from './column-types';

/**
 * An observation that arrived after a newer one of the same physical shipment and source had
 * been applied (a refresh delayed past its lease, a lagging source): recorded, never applied.
 */
@Entity({ name: 'stale_observations' })
@Index('idx_stale_observations_carrier_shipment', ['carrier_shipment_id', 'created_at'])
export class StaleObservationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  carrier_shipment_id!: string;

  @ManyToOne(() => CarrierShipmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'carrier_shipment_id' })
  carrier_shipment?: CarrierShipmentEntity;

  @Column({ type: 'bigint' })
  seq!: string;

  /** The sources it carried that were older than what was applied (`carrier`, `terminal`, `rail`). */
  @TextArrayColumn()
  sources!: string[];

  @InstantColumn({ nullable: false })
  fetched_at!: Date;

  /** What the job was (`track-request`, `refresh-shipment`, ...). */
  @TextColumn()
  job!: string;

  @TextColumn()
  reason!: string;

  @CreatedAtColumn()
  created_at!: Date;
}
