import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn } from './column-types';

/**
 * A vessel, known by its IMO number. Not tenant-owned: every account that tracks a container
 * on it sees the same row. Rows are registered the first time a route or map names the vessel
 * (docs/vessels-and-maps.md); the sandbox vessels are shipped with the reference data.
 */
@Entity({ name: 'vessels' })
export class VesselEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @TextColumn()
  name!: string;

  /** Seven digits; the identity of the vessel. */
  @Index('uq_vessels_imo', { unique: true })
  @TextColumn()
  imo!: string;

  /** Maritime Mobile Service Identity, when known. */
  @NullableTextColumn()
  mmsi!: string | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
