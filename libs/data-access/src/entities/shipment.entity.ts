import { TRACKING_STOPPED_REASONS } from '@quayside/domain';
import type { TrackingStoppedReason } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import {
  CreatedAtColumn,
  InstantColumn,
  NullableTextColumn,
  TextArrayColumn,
  TextColumn,
  UpdatedAtColumn,
  UuidColumn,
  inList,
} from './column-types';
import { CarrierShipmentEntity } from './carrier-shipment.entity';
import { PortEntity } from './port.entity';
import { ShippingLineEntity } from './shipping-line.entity';
import { TerminalEntity } from './terminal.entity';

/** Columns are the `ShipmentAttributes` of the domain plus the ids and the tracker's bookkeeping. */
@Entity({ name: 'shipments' })
@Check('chk_shipments_line_tracking_stopped_reason', inList('line_tracking_stopped_reason', TRACKING_STOPPED_REASONS, { nullable: true }))
@Index('idx_shipments_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_shipments_account_number', ['account_id', 'shipping_line_scac', 'normalized_number'])
// Retention finds the shipments whose tracking stopped long ago through it; tracked ones are not in it.
@Index('idx_shipments_tracking_stopped_at', ['line_tracking_stopped_at'], { where: '"tracking_stopped"' })
// One record per account and physical shipment: the tracker creates it under the physical
// shipment's row lock, and this index refuses a second one whatever happens.
@Index('uq_shipments_account_carrier_shipment', ['account_id', 'carrier_shipment_id'], {
  unique: true,
  where: '"carrier_shipment_id" IS NOT NULL',
})
@Index('idx_shipments_carrier_shipment', ['carrier_shipment_id'])
export class ShipmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  bill_of_lading_number!: string;

  @TextColumn()
  normalized_number!: string;

  /** The number the carrier knows this shipment by (bill of lading or booking), as sent to its API. */
  @NullableTextColumn()
  carrier_reference!: string | null;

  @TextArrayColumn()
  ref_numbers!: string[];

  @TextArrayColumn()
  tags!: string[];

  @NullableTextColumn()
  port_of_lading_locode!: string | null;

  @NullableTextColumn()
  port_of_lading_name!: string | null;

  @NullableTextColumn()
  port_of_discharge_locode!: string | null;

  @NullableTextColumn()
  port_of_discharge_name!: string | null;

  @NullableTextColumn()
  destination_locode!: string | null;

  @NullableTextColumn()
  destination_name!: string | null;

  @TextColumn()
  shipping_line_scac!: string;

  @NullableTextColumn()
  shipping_line_name!: string | null;

  @NullableTextColumn()
  shipping_line_short_name!: string | null;

  @NullableTextColumn()
  customer_name!: string | null;

  @NullableTextColumn()
  pod_vessel_name!: string | null;

  @NullableTextColumn()
  pod_vessel_imo!: string | null;

  @NullableTextColumn()
  pod_voyage_number!: string | null;

  @InstantColumn()
  pol_etd_at!: Date | null;

  /** Set once, by the first observation that has it: the state writer never overwrites it (COALESCE). */
  @InstantColumn()
  pol_original_etd_at!: Date | null;

  @InstantColumn()
  pol_atd_at!: Date | null;

  @InstantColumn()
  pod_eta_at!: Date | null;

  @InstantColumn()
  pod_original_eta_at!: Date | null;

  @InstantColumn()
  pod_ata_at!: Date | null;

  @InstantColumn()
  destination_eta_at!: Date | null;

  /** Set once, like `pol_original_etd_at`. */
  @InstantColumn()
  destination_original_eta_at!: Date | null;

  @InstantColumn()
  destination_ata_at!: Date | null;

  @NullableTextColumn()
  pol_timezone!: string | null;

  @NullableTextColumn()
  pod_timezone!: string | null;

  @NullableTextColumn()
  destination_timezone!: string | null;

  @InstantColumn()
  line_tracking_last_attempted_at!: Date | null;

  @InstantColumn()
  line_tracking_last_succeeded_at!: Date | null;

  @InstantColumn()
  line_tracking_stopped_at!: Date | null;

  @NullableTextColumn()
  line_tracking_stopped_reason!: TrackingStoppedReason | null;

  /**
   * Derived from `line_tracking_stopped_at` by a database trigger (see the initial migration),
   * so the two never disagree; read-only here.
   */
  @Column({ type: 'boolean', default: false, insert: false, update: false })
  tracking_stopped!: boolean;

  @UuidColumn({ nullable: true })
  port_of_lading_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'port_of_lading_id' })
  port_of_lading?: PortEntity | null;

  @UuidColumn({ nullable: true })
  port_of_discharge_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'port_of_discharge_id' })
  port_of_discharge?: PortEntity | null;

  @UuidColumn({ nullable: true })
  destination_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'destination_id' })
  destination?: PortEntity | null;

  @UuidColumn({ nullable: true })
  pod_terminal_id!: string | null;

  @ManyToOne(() => TerminalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'pod_terminal_id' })
  pod_terminal?: TerminalEntity | null;

  @UuidColumn({ nullable: true })
  destination_terminal_id!: string | null;

  @ManyToOne(() => TerminalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'destination_terminal_id' })
  destination_terminal?: TerminalEntity | null;

  @UuidColumn({ nullable: true })
  shipping_line_id!: string | null;

  @ManyToOne(() => ShippingLineEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'shipping_line_id' })
  shipping_line?: ShippingLineEntity | null;

  /** The physical shipment this record follows (its schedule, clock and observations live there). */
  @UuidColumn({ nullable: true })
  carrier_shipment_id!: string | null;

  @ManyToOne(() => CarrierShipmentEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'carrier_shipment_id' })
  carrier_shipment?: CarrierShipmentEntity | null;

  /** Counts the tracker's writes that raised change events; part of those events' identity (see docs/architecture.md). */
  @Column({ type: 'integer', default: 0 })
  change_version!: number;

  /** The last carrier snapshot, the "previous" side of the next diff. */
  @Column({ type: 'jsonb', nullable: true })
  last_snapshot!: Record<string, unknown> | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
