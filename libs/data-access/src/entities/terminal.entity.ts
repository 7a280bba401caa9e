import type { TerminalRecord } from '@quayside/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn } from './column-types';
import { PortEntity } from './port.entity';

@Entity({ name: 'terminals' })
export class TerminalEntity implements TerminalRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @TextColumn()
  name!: string;

  @NullableTextColumn()
  nickname!: string | null;

  /** CBP FIRMS code (US), CBSA sublocation (Canada) or the terminal code of the coverage list. */
  @Index('uq_terminals_firms_code', { unique: true })
  @NullableTextColumn()
  firms_code!: string | null;

  @NullableTextColumn()
  smdg_code!: string | null;

  @NullableTextColumn()
  bic_facility_code!: string | null;

  @NullableTextColumn()
  street!: string | null;

  @NullableTextColumn()
  city!: string | null;

  @NullableTextColumn()
  state!: string | null;

  @NullableTextColumn()
  state_abbr!: string | null;

  @NullableTextColumn()
  zip!: string | null;

  @NullableTextColumn()
  country!: string | null;

  /** Region of the coverage list (e.g. `US West Coast`). */
  @NullableTextColumn()
  region!: string | null;

  @Index('idx_terminals_port_id')
  @UuidColumn({ nullable: true })
  port_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'port_id' })
  port?: PortEntity | null;

  /** IANA zone of the terminal (its port's zone unless the terminal lists its own). */
  @NullableTextColumn()
  time_zone!: string | null;

  /** The sandbox terminal, answered by the sandbox terminal adapter. */
  @Column({ type: 'boolean', default: false })
  is_sandbox!: boolean;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
