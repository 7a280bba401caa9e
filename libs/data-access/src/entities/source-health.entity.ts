import { SOURCE_ERROR_CLASSES, SOURCE_KINDS } from '@quayside/domain';
import type { SourceErrorClass, SourceKind } from '@quayside/domain';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { InstantColumn, NullableTextColumn, UpdatedAtColumn, inList } from './column-types';

/**
 * How one source has been answering (docs/carriers.md, "Source health"): every tracker-worker
 * process merges what its calls saw into the one row, so all of them and the api read the same.
 * Call counts for the error rate are per minute in `source_call_minutes`.
 */
@Entity({ name: 'source_health' })
@Check('chk_source_health_kind', inList('kind', SOURCE_KINDS))
@Check('chk_source_health_error_class', inList('last_error_class', SOURCE_ERROR_CLASSES, { nullable: true }))
export class SourceHealthEntity {
  @PrimaryColumn({ type: 'text' })
  kind!: SourceKind;

  /** SCAC or FIRMS code, upper case. */
  @PrimaryColumn({ type: 'text' })
  code!: string;

  @InstantColumn()
  last_success_at!: Date | null;

  @InstantColumn()
  last_error_at!: Date | null;

  @NullableTextColumn()
  last_error_class!: SourceErrorClass | null;

  /** For operators (may name hosts and statuses); never shown to accounts. */
  @NullableTextColumn()
  last_error_detail!: string | null;

  /** The first failed call since the last success; null while the newest call succeeded. */
  @InstantColumn()
  failing_since!: Date | null;

  /**
   * When the operator was told of the outage running now (null: none told). Set by one atomic
   * claim, so one process of the fleet sends each notice (docs/carriers.md, "Source health").
   */
  @InstantColumn()
  outage_notified_at!: Date | null;

  /** The quota in use across the fleet as a tracker-worker last read it (`quota_read_at`); null before any did. */
  @Column({ type: 'integer', nullable: true })
  quota_requests_in_window!: number | null;

  @Column({ type: 'integer', nullable: true })
  quota_requests_per_window!: number | null;

  @Column({ type: 'integer', nullable: true })
  quota_window_ms!: number | null;

  @Column({ type: 'integer', nullable: true })
  quota_in_flight!: number | null;

  @Column({ type: 'integer', nullable: true })
  quota_max_concurrency!: number | null;

  @InstantColumn()
  quota_paused_until!: Date | null;

  @InstantColumn()
  quota_read_at!: Date | null;

  @UpdatedAtColumn()
  updated_at!: Date;
}
