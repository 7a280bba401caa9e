import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TextColumn, UpdatedAtColumn } from './column-types';

/** Railroads that carry containers inland; containers name them by SCAC (`pod_rail_carrier_scac`). */
@Entity({ name: 'rail_carriers' })
export class RailCarrierEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('uq_rail_carriers_scac', { unique: true })
  @TextColumn()
  scac!: string;

  @TextColumn()
  name!: string;

  @TextColumn()
  short_name!: string;

  @Column({ type: 'boolean', default: false })
  is_sandbox!: boolean;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
