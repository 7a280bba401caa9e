import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CarrierShipmentEntity } from './carrier-shipment.entity';
import { CreatedAtColumn, InstantColumn, UuidColumn } from './column-types';

/**
 * A number (bill of lading, booking or container) asked of one carrier, by any account. It
 * fixes the clock of the first attempts before the carrier has said which physical shipment
 * the number belongs to, serializes those first attempts (lease), and then points at the
 * physical shipment, so every later request for the number joins it.
 */
@Entity({ name: 'tracked_numbers' })
@Index('idx_tracked_numbers_carrier_shipment', ['carrier_shipment_id'])
export class TrackedNumberEntity {
  @PrimaryColumn({ type: 'text' })
  shipping_line_scac!: string;

  /** As tracking requests store it (normalized on create). */
  @PrimaryColumn({ type: 'text' })
  number!: string;

  @InstantColumn({ nullable: false })
  tracking_since!: Date;

  @UuidColumn({ nullable: true })
  carrier_shipment_id!: string | null;

  @ManyToOne(() => CarrierShipmentEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'carrier_shipment_id' })
  carrier_shipment?: CarrierShipmentEntity | null;

  @InstantColumn()
  lease_until!: Date | null;

  @Column({ type: 'bigint', nullable: true })
  lease_seq!: string | null;

  /** The job (outbox row) holding the lease. */
  @UuidColumn({ nullable: true })
  lease_outbox_id!: string | null;

  @CreatedAtColumn()
  created_at!: Date;
}
