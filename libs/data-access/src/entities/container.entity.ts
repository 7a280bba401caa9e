import { CONTAINER_STATUSES, EQUIPMENT_HEIGHTS, EQUIPMENT_LENGTHS, EQUIPMENT_TYPES } from '@quayside/domain';
import type { ContainerRecord, ContainerStatus, EquipmentHeight, EquipmentLength, EquipmentType, Fee, Hold } from '@quayside/domain';
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
import { RailTerminalEntity } from './rail-terminal.entity';
import { ShipmentEntity } from './shipment.entity';
import { TerminalEntity } from './terminal.entity';

/**
 * Columns are the `ContainerAttributes` of the domain, except `import_deadlines`, which is
 * assembled from the three `pickup_lfd_*` columns; `pickup_lfd` is their coalesced value.
 */
@Entity({ name: 'containers' })
@Check('chk_containers_equipment_type', inList('equipment_type', EQUIPMENT_TYPES, { nullable: true }))
@Check('chk_containers_equipment_length', inList('equipment_length', EQUIPMENT_LENGTHS, { nullable: true }))
@Check('chk_containers_equipment_height', inList('equipment_height', EQUIPMENT_HEIGHTS, { nullable: true }))
@Check('chk_containers_current_status', inList('current_status', CONTAINER_STATUSES, { nullable: true }))
@Check('chk_containers_holds_is_array', `jsonb_typeof("holds_at_pod_terminal") = 'array'`)
@Check('chk_containers_fees_is_array', `jsonb_typeof("fees_at_pod_terminal") = 'array'`)
@Index('uq_containers_shipment_number', ['account_id', 'shipment_id', 'number'], { unique: true })
@Index('idx_containers_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_containers_account_number', ['account_id', 'number'])
// upper(number), across accounts: the shipments a pushed container number names (made by the DcsaPushLookups migration; TypeORM cannot describe an expression).
@Index('idx_containers_upper_number', { synchronize: false })
@Index('idx_containers_refresh_due', ['next_refresh_at'], { where: '"next_refresh_at" IS NOT NULL' })
export class ContainerEntity implements ContainerRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Index('idx_containers_shipment_id')
  @UuidColumn({ nullable: true })
  shipment_id!: string | null;

  @ManyToOne(() => ShipmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipment_id' })
  shipment?: ShipmentEntity | null;

  @UuidColumn({ nullable: true })
  pod_terminal_id!: string | null;

  @ManyToOne(() => TerminalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'pod_terminal_id' })
  pod_terminal?: TerminalEntity | null;

  @TextColumn()
  number!: string;

  @TextArrayColumn()
  ref_numbers!: string[];

  @NullableTextColumn()
  equipment_type!: EquipmentType | null;

  @Column({ type: 'integer', nullable: true })
  equipment_length!: EquipmentLength | null;

  @NullableTextColumn()
  equipment_height!: EquipmentHeight | null;

  @Column({ type: 'double precision', nullable: true })
  weight_in_lbs!: number | null;

  @NullableTextColumn()
  seal_number!: string | null;

  /** Coalesced last free day (line, then terminal, then rail), written with the three sources. */
  @InstantColumn()
  pickup_lfd!: Date | null;

  @InstantColumn()
  pickup_lfd_line!: Date | null;

  @InstantColumn()
  pickup_lfd_terminal!: Date | null;

  @InstantColumn()
  pickup_lfd_rail!: Date | null;

  @InstantColumn()
  pickup_appointment_at!: Date | null;

  @Column({ type: 'boolean', default: false })
  availability_known!: boolean;

  @Column({ type: 'boolean', nullable: true })
  available_for_pickup!: boolean | null;

  @InstantColumn()
  pod_arrived_at!: Date | null;

  @InstantColumn()
  pod_discharged_at!: Date | null;

  @InstantColumn()
  pod_full_out_at!: Date | null;

  @InstantColumn()
  pod_eta_at!: Date | null;

  @InstantColumn()
  terminal_checked_at!: Date | null;

  @NullableTextColumn()
  pod_full_out_chassis_number!: string | null;

  @NullableTextColumn()
  location_at_pod_terminal!: string | null;

  @InstantColumn()
  final_destination_full_out_at!: Date | null;

  @InstantColumn()
  empty_terminated_at!: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  holds_at_pod_terminal!: Hold[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  fees_at_pod_terminal!: Fee[];

  @NullableTextColumn()
  pod_timezone!: string | null;

  @NullableTextColumn()
  final_destination_timezone!: string | null;

  @NullableTextColumn()
  empty_terminated_timezone!: string | null;

  @NullableTextColumn()
  pod_rail_carrier_scac!: string | null;

  @NullableTextColumn()
  ind_rail_carrier_scac!: string | null;

  /** The inland rail facility the rail carrier reports as the container's destination (docs/containers.md, "Rail terminals"). */
  @UuidColumn({ nullable: true })
  ind_rail_terminal_id!: string | null;

  @ManyToOne(() => RailTerminalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'ind_rail_terminal_id' })
  ind_rail_terminal?: RailTerminalEntity | null;

  @InstantColumn()
  pod_last_tracking_request_at!: Date | null;

  @InstantColumn()
  shipment_last_tracking_request_at!: Date | null;

  @InstantColumn()
  pod_rail_loaded_at!: Date | null;

  @InstantColumn()
  pod_rail_departed_at!: Date | null;

  @InstantColumn()
  ind_eta_at!: Date | null;

  @InstantColumn()
  ind_ata_at!: Date | null;

  @InstantColumn()
  ind_rail_unloaded_at!: Date | null;

  @InstantColumn()
  ind_facility_lfd_on!: Date | null;

  /** Actual full in at the port of lading (the line's or a terminal's milestone there). */
  @InstantColumn()
  pol_full_in_at!: Date | null;

  @InstantColumn()
  pol_vessel_loaded_at!: Date | null;

  @InstantColumn()
  pol_vessel_departed_at!: Date | null;

  /** Actual empty out (the empty container released to the shipper), wherever it happened. */
  @InstantColumn()
  empty_out_at!: Date | null;

  @InstantColumn()
  delivered_at!: Date | null;

  /** Null when no rail source reports holds at the inland facility; `[]` when one reports none. */
  @Column({ type: 'jsonb', nullable: true })
  ind_facility_holds!: Hold[] | null;

  @Column({ type: 'jsonb', nullable: true })
  ind_facility_fees!: Fee[] | null;

  @InstantColumn()
  rail_last_tracking_request_at!: Date | null;

  @NullableTextColumn()
  current_status!: ContainerStatus | null;

  /** When the scheduler should look at this container again (terminal, rail); null while not scheduled. */
  @InstantColumn()
  next_refresh_at!: Date | null;

  /** Counts the tracker's writes that raised change events; part of those events' identity (see docs/architecture.md). */
  @Column({ type: 'integer', default: 0 })
  change_version!: number;

  /** The last terminal/rail snapshot, the "previous" side of the next diff. */
  @Column({ type: 'jsonb', nullable: true })
  last_snapshot!: Record<string, unknown> | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
