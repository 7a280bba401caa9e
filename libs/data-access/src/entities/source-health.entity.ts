import { SOURCE_ERROR_CLASSES, SOURCE_KINDS } from '@quayside/domain';
import type { SourceErrorClass, SourceKind } from '@quayside/domain';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { InstantColumn, NullableTextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';

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
   * When the outage running now was claimed for the operator (null: none). Set by one atomic
   * claim, so one process of the fleet logs it and queues its notice (docs/carriers.md, "Source health").
   */
  @InstantColumn()
  outage_notified_at!: Date | null;

  /**
   * The operator notice waiting to be delivered (`source.down` or `source.recovered`), queued by
   * the claim that decided it, in the same statement, so a process dying before the POST loses
   * nothing; cleared once the receiver answered 2xx or the attempts ran out. Null: none waiting,
   * and a new notice of this source is not claimed until then, so they arrive in order. The id is
   * the notice's `webhook-id`, the same on every attempt.
   */
  @UuidColumn({ nullable: true })
  notice_id!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  notice!: Record<string, unknown> | null;

  /** Attempts taken so far, the one in flight included (a process that died mid-POST used one). */
  @Column({ type: 'integer', default: 0 })
  notice_attempts!: number;

  /** Not sent before this instant (the backoff after a refused attempt). */
  @InstantColumn()
  notice_due_at!: Date | null;

  /** A process is sending it until then; past it, another process takes the notice over. */
  @InstantColumn()
  notice_leased_until!: Date | null;

  @NullableTextColumn()
  notice_leased_by!: string | null;

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
