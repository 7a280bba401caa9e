import { SOURCE_KINDS } from '@quayside/domain';
import type { RequestType, SourceKind } from '@quayside/domain';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { InstantColumn, TextArrayColumn, TextColumn, inList } from './column-types';

/**
 * A source this deployment serves: each tracker-worker writes the set it was configured with
 * when it starts (`TrackingSourceRepository.register`), and the api reads it to refuse at once a
 * line no source serves (docs/carriers.md, "What this server tracks"). A source the newest
 * registration no longer names keeps its row with `withdrawn_at` set.
 */
@Entity({ name: 'tracking_sources' })
@Check('chk_tracking_sources_kind', inList('kind', SOURCE_KINDS))
export class TrackingSourceEntity {
  @PrimaryColumn({ type: 'text' })
  kind!: SourceKind;

  /** SCAC or FIRMS code, upper case. */
  @PrimaryColumn({ type: 'text' })
  code!: string;

  /** `dcsa`, `apmt`, `sandbox`. */
  @TextColumn()
  adapter!: string;

  /** Carriers: the kinds of number it is asked by. */
  @TextArrayColumn()
  request_types!: RequestType[];

  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  @Column({ type: 'boolean', default: false })
  experimental!: boolean;

  /** When a tracker-worker last started with it configured. */
  @InstantColumn({ nullable: false })
  registered_at!: Date;

  /** When a tracker-worker started without it; null while it is served. */
  @InstantColumn()
  withdrawn_at!: Date | null;
}
