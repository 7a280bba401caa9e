import type { PortRecord } from '@quayside/domain';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn } from './column-types';

/** A port or inland location, by UN/LOCODE, with the IANA zone its local times are shown in. */
@Entity({ name: 'ports' })
export class PortEntity implements PortRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** UN/LOCODE, e.g. `USLAX`. */
  @Index('uq_ports_code', { unique: true })
  @TextColumn()
  code!: string;

  @TextColumn()
  name!: string;

  @NullableTextColumn()
  city!: string | null;

  @NullableTextColumn()
  state_abbr!: string | null;

  /** ISO 3166-1 alpha-2. */
  @TextColumn()
  country_code!: string;

  @NullableTextColumn()
  time_zone!: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
