import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn } from './column-types';

/** A metro area containers are delivered to (a port city or an inland rail destination), by UN/LOCODE. */
@Entity({ name: 'metro_areas' })
export class MetroAreaEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** UN/LOCODE of the area's main place, e.g. `USCHI`. */
  @Index('uq_metro_areas_code', { unique: true })
  @TextColumn()
  code!: string;

  @TextColumn()
  name!: string;

  @NullableTextColumn()
  state_abbr!: string | null;

  /** ISO 3166-1 alpha-2. */
  @TextColumn()
  country_code!: string;

  @TextColumn()
  time_zone!: string;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
