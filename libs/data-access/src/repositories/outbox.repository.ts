import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { OutboxEntity } from '../entities/outbox.entity';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { queryRows } from './query-rows';
import { uuidArray } from './uuid-array';

export interface OutboxEntry {
  queue: string;
  jobName: string;
  payload: Record<string, unknown>;
  accountId?: string | null;
  /** Not before this instant (a delayed job); defaults to now. */
  availableAt?: Date;
}

/** A row claimed for publication: what its Bull job is made of. */
export type ClaimedOutboxRow = Pick<OutboxEntity, 'id' | 'queue' | 'job_name' | 'payload' | 'publish_count'>;

interface OutboxRow {
  id: string;
  queue: string;
  job_name: string;
  payload: Record<string, unknown>;
  account_id: string | null;
  available_at: Date;
  published_at: Date | null;
  publish_count: number;
  completed_at: Date | null;
  created_at: Date;
}

/**
 * "Not completed yet" for rows named by id, written so that the planner cannot answer it from
 * the outbox's partial indexes (whose predicates start with `completed_at IS NULL`, which this
 * form does not match): for rows named by id such an index is a scan of every open row, and of the dead
 * entries vacuum has not removed yet, filtered by id. The planner picks it whenever its
 * statistics say few rows are open (a new table, or one last analyzed in a quiet spell), and
 * then each completion of a batch cost time in proportion to the backlog: 1.6 ms instead of
 * 0.5 ms for 35 rows behind 4 000 open ones. Rows named by id are looked up by primary key.
 */
export const OPEN_BY_ID = '(completed_at IS NULL) IS TRUE';

/**
 * The relay's claim ($1 rows at most, $2 the redelivery delay in ms, $3 the publications after
 * which a row is abandoned). Only what the relay publishes comes back, in order of availability:
 * the whole row came back before, and parsing its four timestamps was most of what a claim
 * allocated per row. Exported for the spec that reads its plan.
 *
 * The claimed rows are updated where the claim found them (`ctid = ANY(ARRAY(…))`, a TID scan; the
 * rows locked by the claim cannot move), not joined to the outbox: planned when the statistics said
 * the outbox was empty, the join ran as a nested loop over the whole table, reading every row once
 * per row claimed (4.4 s for 224 rows behind 41,683, freshness bench, 2026-11-29). Under such
 * statistics the update may still scan the table, once. A row another
 * transaction changed after this statement's snapshot (handed back, completed) is locked but not
 * updated, and waits for the next pass.
 */
export const OUTBOX_CLAIM_SQL = `WITH never_published AS (
    SELECT ctid AS tid, available_at FROM outbox
    WHERE completed_at IS NULL AND published_at IS NULL
      AND available_at <= now()
      AND publish_count < $3
    ORDER BY available_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  ), lapsed AS (
    SELECT ctid AS tid, available_at FROM outbox
    WHERE completed_at IS NULL AND published_at IS NOT NULL
      AND published_at < now() - make_interval(secs => $2::double precision / 1000)
      AND available_at <= now()
      AND publish_count < $3
    ORDER BY published_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  ), due AS (
    SELECT tid FROM (SELECT * FROM never_published UNION ALL SELECT * FROM lapsed) d ORDER BY available_at LIMIT $1
  ), claimed AS (
    UPDATE outbox o
    SET published_at = now(), publish_count = o.publish_count + 1
    WHERE o.ctid = ANY(ARRAY(SELECT tid FROM due))
    RETURNING o.id, o.queue, o.job_name, o.payload, o.publish_count, o.available_at
  )
  SELECT id, queue, job_name, payload, publish_count FROM claimed ORDER BY available_at`;

/** Rows due later (a retry, a deferral) wake no relay: its polling finds them when they are due. */
function dueNow(entry: OutboxEntry): boolean {
  return entry.availableAt === undefined || entry.availableAt.getTime() <= Date.now();
}

function toEntity(row: OutboxRow): OutboxEntity {
  return Object.assign(new OutboxEntity(), row);
}

/**
 * The transactional outbox (see docs/architecture.md). Writers enqueue inside their own
 * transaction; the relay claims rows to publish; consumers complete their row in the
 * transaction of the job's effects.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds a row through the caller's transaction, so it commits or rolls back with the state change. */
  async enqueue(manager: EntityManager, entry: OutboxEntry): Promise<OutboxEntity> {
    const rows = await queryRows<OutboxRow>(
      manager,
      `INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
       VALUES ($1, $2, $3::jsonb, $4, COALESCE($5::timestamptz, now()))
       RETURNING *`,
      [entry.queue, entry.jobName, JSON.stringify(entry.payload), entry.accountId ?? null, entry.availableAt ?? null],
    );
    if (dueNow(entry)) OutboxCommitSubscriber.rowsAdded(manager);
    return toEntity(rows[0]!);
  }

  /** `enqueue` for many rows in one statement, through the caller's transaction. */
  async enqueueMany(manager: EntityManager, entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await manager.query(
      `INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
       SELECT queue, job_name, payload, account_id, COALESCE(available_at, now())
       FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::uuid[], $5::timestamptz[]) AS v(queue, job_name, payload, account_id, available_at)`,
      [
        entries.map((entry) => entry.queue),
        entries.map((entry) => entry.jobName),
        entries.map((entry) => JSON.stringify(entry.payload)),
        entries.map((entry) => entry.accountId ?? null),
        entries.map((entry) => entry.availableAt ?? null),
      ],
    );
    if (entries.some(dueNow)) OutboxCommitSubscriber.rowsAdded(manager);
  }

  /**
   * Claims up to `limit` rows due for publication: never published, or published more than
   * `redeliverAfterMs` ago without completing (a lost Redis, a killed worker). Concurrent
   * relays skip each other's rows (SKIP LOCKED) and never get the same row twice. A row
   * already published `maxPublishes` times is abandoned (see `countAbandoned`).
   *
   * Each kind comes from a partial index of its own (migration OutboxClaimsSkipJobsInFlight):
   * the rows never published in order of availability, and the rows in flight from the oldest
   * publication up to the redelivery delay only, so a claim never reads the jobs waiting on their
   * queues, however many a burst left there. Always as index scans, never as a bitmap or
   * sequential scan: completing or publishing a row leaves its entry in the index it left until
   * vacuum, and a bitmap scan visits every such entry's heap row again on every claim (a
   * sequential scan, every row of the table), where an index scan marks the dead entries once
   * and steps over them after. Behind 109 000 rows completed at once (the bench's tracker row,
   * 2026-11-28) a claim that found nothing took 33 ms as a bitmap scan, every time, and as an
   * index scan 52 ms once, then 0.3 ms. The planner picks the bitmap scan whenever its
   * statistics say few rows are open, which is most of the time (bench/README.md, "Leftover jobs").
   */
  async claimPublishable(limit: number, redeliverAfterMs: number, maxPublishes = 2_147_483_647): Promise<ClaimedOutboxRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off');
      return this.claimDue(manager, limit, redeliverAfterMs, maxPublishes);
    });
  }

  private claimDue(manager: EntityManager, limit: number, redeliverAfterMs: number, maxPublishes: number): Promise<ClaimedOutboxRow[]> {
    return queryRows<ClaimedOutboxRow>(manager, OUTBOX_CLAIM_SQL, [limit, redeliverAfterMs, maxPublishes]);
  }

  /**
   * Hands claimed rows back when they could not be put on their queue (Redis away), so the
   * next relay pass takes them at once instead of after the redelivery delay.
   */
  async releaseUnpublished(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      // The claim counted a publication that did not happen: take it back, so a long Redis
      // outage never pushes a row towards the abandonment limit.
      `UPDATE outbox SET published_at = NULL, publish_count = GREATEST(publish_count - 1, 0) WHERE id = ANY($1::uuid[]) AND ${OPEN_BY_ID}`,
      [ids],
    );
  }

  /**
   * Marks the row done inside the consumer's transaction. Returns false when it was already
   * completed: the job is a replay and must have no effect (roll back or skip).
   */
  async complete(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE outbox SET completed_at = now() WHERE id = $1 AND ${OPEN_BY_ID} RETURNING id`,
      [id],
    );
    return rows.length === 1;
  }

  /** `complete` for many rows in one statement; returns the ids this call completed (the others were replays). */
  async completeMany(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE outbox SET completed_at = now() WHERE id = ANY($1::uuid[]) AND ${OPEN_BY_ID} RETURNING id`,
      [uuidArray(new Set(ids))],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The ids among `ids` whose rows exist and are not completed: jobs still to run. */
  async openIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND ${OPEN_BY_ID}`, [
      uuidArray(ids),
    ]);
    return new Set(rows.map((row) => row.id));
  }

  /** Completes a job that had nothing to do, in a transaction of its own. False when it was completed already. */
  async completeAlone(id: string): Promise<boolean> {
    return this.complete(this.dataSource.manager, id);
  }

  /**
   * Puts a job back for later without running it (what it needs is busy until `until`): the
   * row is published again then. A deferral is not a failed publication, so it does not count
   * towards abandonment. False when the row was completed meanwhile (the work is done).
   */
  async defer(id: string, until: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE outbox SET available_at = $2, published_at = NULL, publish_count = GREATEST(publish_count - 1, 0)
       WHERE id = $1 AND ${OPEN_BY_ID} RETURNING id`,
      [id, until],
    );
    return rows.length === 1;
  }

  /** Rows whose job has not completed yet: the backlog between processes (a metric). */
  async countIncomplete(): Promise<number> {
    const rows = await queryRows<{ count: string }>(
      this.dataSource,
      // The two partial indexes hold every open row between them; `completed_at IS NULL` alone matches neither.
      `SELECT ((SELECT count(*) FROM outbox WHERE completed_at IS NULL AND published_at IS NULL)
             + (SELECT count(*) FROM outbox WHERE completed_at IS NULL AND published_at IS NOT NULL))::text AS count`,
      [],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Rows published `maxPublishes` times whose job never completed: the relay stops publishing
   * them (a job that fails every time would otherwise run forever). They stay for an operator
   * to inspect; this count is exported as a metric.
   */
  async countAbandoned(maxPublishes: number): Promise<number> {
    const rows = await queryRows<{ count: string }>(
      this.dataSource,
      // An abandoned row was published last (a deferral or hand-back lowers the count): the in-flight index has it.
      `SELECT count(*)::text AS count FROM outbox WHERE completed_at IS NULL AND published_at IS NOT NULL AND publish_count >= $1`,
      [maxPublishes],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async findById(id: string): Promise<OutboxEntity | null> {
    return this.dataSource.getRepository(OutboxEntity).findOneBy({ id });
  }
}
