import type { RailTerminalRecord } from '@quayside/domain';
import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn } from './column-types';
import { MetroAreaEntity } from './metro-area.entity';
import { PortEntity } from './port.entity';

/**
 * An inland rail facility a source reported (no reference data lists them): recorded once per
 * `facility_key` (its FIRMS code, else its UN/LOCODE and normalized name; see `railFacilityKey`),
 * whichever source and process reports it first, and linked to the port and metro area of its
 * UN/LOCODE when the reference data has them.
 */
@Entity({ name: 'rail_terminals' })
export class RailTerminalEntity implements RailTerminalRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('uq_rail_terminals_facility_key', { unique: true })
  @TextColumn()
  facility_key!: string;

  @TextColumn()
  name!: string;

  @NullableTextColumn()
  nickname!: string | null;

  @NullableTextColumn()
  firms_code!: string | null;

  @NullableTextColumn()
  locode!: string | null;

  @UuidColumn({ nullable: true })
  port_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'port_id' })
  port?: PortEntity | null;

  @UuidColumn({ nullable: true })
  metro_area_id!: string | null;

  @ManyToOne(() => MetroAreaEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'metro_area_id' })
  metro_area?: MetroAreaEntity | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
