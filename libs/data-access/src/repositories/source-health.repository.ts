import { Injectable } from '@nestjs/common';
import { SOURCE_ERROR_RATE_WINDOW_MS } from '@quayside/domain';
import type { SourceErrorClass, SourceHealth, SourceKind, SourceQuotaUse, TrackingSource } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { queryRows } from './query-rows';

/** What one process's calls of one source saw since its last write (`SourceHealthRepository.record`). */
export interface SourceCallTally {
  kind: SourceKind;
  code: string;
  lastSuccessAt: Date | null;
  lastError: { at: Date; errorClass: SourceErrorClass; detail: string } | null;
  /** The first failed call after this tally's last success (after its first call when none succeeded). */
  firstErrorAt: Date | null;
  /** Calls and failed calls by the minute they ended in (ISO string of the minute). */
  minutes: ReadonlyMap<string, { calls: number; errors: number }>;
}

/** A served source with its health and the age of what it answers for (docs/carriers.md, "Source health"). */
export interface SourceHealthView extends SourceHealth {
  source: TrackingSource;
  /** The oldest data of an actively followed shipment this source answers for; null when it answers for none. */
  oldestDataAt: Date | null;
}

interface HealthRow {
  kind: SourceKind;
  code: string;
  last_success_at: Date | null;
  last_error_at: Date | null;
  last_error_class: SourceErrorClass | null;
  last_error_detail: string | null;
  failing_since: Date | null;
  outage_notified_at: Date | null;
  quota_requests_in_window?: number | null;
  quota_requests_per_window?: number | null;
  quota_window_ms?: number | null;
  quota_in_flight?: number | null;
  quota_max_concurrency?: number | null;
  quota_paused_until?: Date | null;
  quota_read_at?: Date | null;
}

interface ViewRow extends HealthRow {
  adapter: string;
  request_types: TrackingSource['requestTypes'];
  sandbox: boolean;
  experimental: boolean;
  recent_calls: number | null;
  recent_errors: number | null;
  oldest_data_at: Date | null;
}

interface NoticeRow {
  kind: SourceKind;
  code: string;
  notice_id: string;
  notice: OperatorNoticeBody;
  notice_attempts: number;
}

/** A notice to the operator as queued: `event`, `source` and what it reports (docs/carriers.md, "Source health"). */
export type OperatorNoticeBody = Record<string, unknown>;

/** An operator notice leased for one attempt of delivery. */
export interface OperatorNoticeDelivery {
  kind: SourceKind;
  code: string;
  /** The notice's id (its `webhook-id`), the same on every attempt. */
  id: string;
  notice: OperatorNoticeBody;
  /** Attempts taken, this one included. */
  attempts: number;
}

const toDelivery = (row: NoticeRow): OperatorNoticeDelivery => ({
  kind: row.kind,
  code: row.code,
  id: row.notice_id,
  notice: row.notice,
  attempts: row.notice_attempts,
});

const NO_NOTICE = `notice_id = NULL, notice = NULL, notice_attempts = 0, notice_due_at = NULL, notice_leased_until = NULL, notice_leased_by = NULL`;

const HEALTH_COLUMNS = `h.kind, h.code, h.last_success_at, h.last_error_at, h.last_error_class, h.last_error_detail, h.failing_since, h.outage_notified_at`;

const toHealth = (row: HealthRow, calls = 0, errors = 0): SourceHealth => ({
  kind: row.kind,
  code: row.code,
  lastSuccessAt: row.last_success_at,
  lastErrorAt: row.last_error_at,
  lastErrorClass: row.last_error_class,
  lastErrorDetail: row.last_error_detail,
  failingSince: row.failing_since,
  outageNotifiedAt: row.outage_notified_at,
  recentCalls: calls,
  recentErrors: errors,
  quota:
    row.quota_read_at === null || row.quota_read_at === undefined
      ? null
      : {
          requestsInWindow: row.quota_requests_in_window ?? 0,
          requestsPerWindow: row.quota_requests_per_window ?? null,
          windowMs: row.quota_window_ms ?? 0,
          inFlight: row.quota_in_flight ?? 0,
          maxConcurrency: row.quota_max_concurrency ?? 0,
          pausedUntil: row.quota_paused_until ?? null,
          readAt: row.quota_read_at,
        },
});

/**
 * Each source's health, shared by every tracker-worker process through one row per source: a
 * process merges what its calls saw (newest success and error win; `failing_since` is the first
 * failure after the newest success, whoever saw it), one atomic claim per outage and recovery decides
 * which process declares it and queues its operator notice, and a lease per attempt lets one process
 * at a time deliver that notice (docs/carriers.md, "Source health").
 */
@Injectable()
export class SourceHealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Merges tallies of one process into the shared rows, in one transaction. */
  async record(tallies: readonly SourceCallTally[]): Promise<void> {
    if (tallies.length === 0) return;
    const health = tallies.map((t) => ({
      kind: t.kind,
      code: t.code,
      last_success_at: t.lastSuccessAt?.toISOString() ?? null,
      last_error_at: t.lastError?.at.toISOString() ?? null,
      last_error_class: t.lastError?.errorClass ?? null,
      last_error_detail: t.lastError?.detail.slice(0, 1000) ?? null,
      first_error_at: t.firstErrorAt?.toISOString() ?? null,
    }));
    const minutes = tallies.flatMap((t) => [...t.minutes].map(([minute, counts]) => ({ kind: t.kind, code: t.code, minute, ...counts })));
    await this.dataSource.transaction(async (manager) => {
      // Rows in key order, so two processes merging the same sources never wait on each other in a cycle.
      await manager.query(
        `INSERT INTO source_health AS h (kind, code, last_success_at, last_error_at, last_error_class, last_error_detail, failing_since)
         SELECT t.kind, t.code, t.last_success_at, t.last_error_at, t.last_error_class, t.last_error_detail,
                CASE WHEN t.last_error_at IS NOT NULL AND (t.last_success_at IS NULL OR t.last_error_at > t.last_success_at)
                     THEN t.first_error_at END
           FROM json_to_recordset($1::json) AS t(kind text, code text, last_success_at timestamptz, last_error_at timestamptz,
                                                 last_error_class text, last_error_detail text, first_error_at timestamptz)
          ORDER BY t.kind, t.code
         ON CONFLICT (kind, code) DO UPDATE SET
           last_success_at = GREATEST(h.last_success_at, excluded.last_success_at),
           last_error_at = GREATEST(h.last_error_at, excluded.last_error_at),
           last_error_class = CASE WHEN excluded.last_error_at IS NOT NULL AND (h.last_error_at IS NULL OR excluded.last_error_at >= h.last_error_at)
                                   THEN excluded.last_error_class ELSE h.last_error_class END,
           last_error_detail = CASE WHEN excluded.last_error_at IS NOT NULL AND (h.last_error_at IS NULL OR excluded.last_error_at >= h.last_error_at)
                                    THEN excluded.last_error_detail ELSE h.last_error_detail END,
           -- The inserted failing_since is this tally's first failure after its own last success.
           failing_since = CASE
             WHEN GREATEST(h.last_error_at, excluded.last_error_at) IS NULL
               OR GREATEST(h.last_success_at, excluded.last_success_at) >= GREATEST(h.last_error_at, excluded.last_error_at) THEN NULL
             ELSE COALESCE(
               LEAST(
                 CASE WHEN h.failing_since > COALESCE(GREATEST(h.last_success_at, excluded.last_success_at), '-infinity') THEN h.failing_since END,
                 CASE WHEN excluded.failing_since > COALESCE(GREATEST(h.last_success_at, excluded.last_success_at), '-infinity') THEN excluded.failing_since END),
               GREATEST(h.last_error_at, excluded.last_error_at))
           END,
           updated_at = now()`,
        [JSON.stringify(health)],
      );
      if (minutes.length > 0) {
        await manager.query(
          `INSERT INTO source_call_minutes AS c (kind, code, minute, calls, errors)
           SELECT m.kind, m.code, m.minute, m.calls, m.errors
             FROM json_to_recordset($1::json) AS m(kind text, code text, minute timestamptz, calls integer, errors integer)
            ORDER BY m.kind, m.code, m.minute
           ON CONFLICT (kind, code, minute) DO UPDATE SET calls = c.calls + excluded.calls, errors = c.errors + excluded.errors`,
          [JSON.stringify(minutes)],
        );
      }
    });
  }

  /**
   * Claims every served source down for `afterMs` or longer whose outage nobody has claimed yet:
   * the UPDATE's row lock lets exactly one process of the fleet claim each one. With `notice`, the
   * operator notice it composes is queued in the same transaction (`notice_id`), so it outlives
   * the process; a source whose previous notice still waits is claimed once that one is gone.
   */
  async claimOutages(now: Date, afterMs: number, notice?: (health: SourceHealth) => OperatorNoticeBody): Promise<SourceHealth[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await queryRows<HealthRow>(
        manager,
        `UPDATE source_health h SET outage_notified_at = $1
           FROM tracking_sources s
          WHERE s.kind = h.kind AND s.code = h.code AND s.withdrawn_at IS NULL
            AND h.failing_since IS NOT NULL AND h.failing_since <= $2
            AND (h.outage_notified_at IS NULL OR h.outage_notified_at < h.failing_since)
            AND h.notice_id IS NULL
        RETURNING ${HEALTH_COLUMNS}`,
        [now, new Date(now.getTime() - afterMs)],
      );
      const claimed = rows.map((row) => toHealth(row));
      if (notice) await this.queueNotices(manager, claimed, notice, now);
      return claimed;
    });
  }

  /** Claims the recovery of every source whose outage was claimed and that has answered since; `notice` as in `claimOutages`. */
  async claimRecoveries(now: Date, notice?: (health: SourceHealth) => OperatorNoticeBody): Promise<SourceHealth[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await queryRows<HealthRow>(
        manager,
        `UPDATE source_health h SET outage_notified_at = NULL
           FROM (SELECT kind, code FROM source_health
                  WHERE outage_notified_at IS NOT NULL AND last_success_at > outage_notified_at AND notice_id IS NULL
                  ORDER BY kind, code FOR UPDATE) AS o
          WHERE h.kind = o.kind AND h.code = o.code
        RETURNING ${HEALTH_COLUMNS}`,
      );
      const claimed = rows.map((row) => toHealth(row));
      if (notice) await this.queueNotices(manager, claimed, notice, now);
      return claimed;
    });
  }

  private async queueNotices(
    manager: EntityManager,
    claimed: readonly SourceHealth[],
    notice: (health: SourceHealth) => OperatorNoticeBody,
    now: Date,
  ): Promise<void> {
    if (claimed.length === 0) return;
    const notices = claimed.map((health) => ({ kind: health.kind, code: health.code, notice: notice(health) }));
    await manager.query(
      `UPDATE source_health h SET notice_id = gen_random_uuid(), notice = n.notice, notice_attempts = 0, notice_due_at = $2,
              notice_leased_until = NULL, notice_leased_by = NULL
         FROM json_to_recordset($1::json) AS n(kind text, code text, notice jsonb)
        WHERE h.kind = n.kind AND h.code = n.code`,
      [JSON.stringify(notices), now],
    );
  }

  /**
   * Leases the operator notices due at `now` to `by` until `now + leaseMs`, counting the attempt:
   * a notice leased to a process that died is taken over once its lease has passed. Notices whose
   * `maxAttempts` are spent and not leased any more are dropped and returned as `abandoned`.
   */
  async claimNotices(
    now: Date,
    by: string,
    leaseMs: number,
    maxAttempts: number,
  ): Promise<{ due: OperatorNoticeDelivery[]; abandoned: OperatorNoticeDelivery[] }> {
    return this.dataSource.transaction(async (manager) => {
      const abandoned = await queryRows<NoticeRow>(
        manager,
        `UPDATE source_health h SET ${NO_NOTICE}
           FROM (SELECT kind, code, notice_id, notice, notice_attempts FROM source_health
                  WHERE notice_id IS NOT NULL AND notice_attempts >= $2
                    AND (notice_leased_until IS NULL OR notice_leased_until <= $1)
                  ORDER BY kind, code FOR UPDATE) AS o
          WHERE h.kind = o.kind AND h.code = o.code
        RETURNING o.kind, o.code, o.notice_id, o.notice, o.notice_attempts`,
        [now, maxAttempts],
      );
      // FOR UPDATE (no SKIP LOCKED): a second process waits, then sees the lease and leaves the row.
      const due = await queryRows<NoticeRow>(
        manager,
        `UPDATE source_health h SET notice_leased_until = $2, notice_leased_by = $3, notice_attempts = h.notice_attempts + 1
           FROM (SELECT kind, code FROM source_health
                  WHERE notice_id IS NOT NULL AND notice_attempts < $4 AND notice_due_at <= $1
                    AND (notice_leased_until IS NULL OR notice_leased_until <= $1)
                  ORDER BY kind, code FOR UPDATE) AS d
          WHERE h.kind = d.kind AND h.code = d.code
        RETURNING h.kind, h.code, h.notice_id, h.notice, h.notice_attempts`,
        [now, new Date(now.getTime() + leaseMs), by, maxAttempts],
      );
      return { due: due.map(toDelivery), abandoned: abandoned.map(toDelivery) };
    });
  }

  /** The receiver accepted the notice (2xx): it is gone, whoever holds its lease now. */
  async noticeDelivered(delivery: Pick<OperatorNoticeDelivery, 'kind' | 'code' | 'id'>): Promise<void> {
    await this.dataSource.query(`UPDATE source_health SET ${NO_NOTICE} WHERE kind = $1 AND code = $2 AND notice_id = $3`, [
      delivery.kind,
      delivery.code,
      delivery.id,
    ]);
  }

  /** The attempt of `by` failed: the notice waits until `retryAt`, for any process, unless another took it over meanwhile. */
  async noticeRefused(delivery: Pick<OperatorNoticeDelivery, 'kind' | 'code' | 'id'>, by: string, retryAt: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE source_health SET notice_due_at = $5, notice_leased_until = NULL, notice_leased_by = NULL
        WHERE kind = $1 AND code = $2 AND notice_id = $3 AND notice_leased_by = $4`,
      [delivery.kind, delivery.code, delivery.id, by, retryAt],
    );
  }

  /**
   * Writes each source's quota in use as read (from the quota every tracker-worker shares) at
   * `at`; any worker may, they all read the same, and an older reading never replaces a newer one.
   */
  async recordQuota(
    readings: ReadonlyArray<{ kind: SourceKind; code: string; quota: Omit<SourceQuotaUse, 'readAt'> }>,
    at: Date,
  ): Promise<void> {
    if (readings.length === 0) return;
    const rows = readings.map(({ kind, code, quota }) => ({
      kind,
      code,
      requests_in_window: quota.requestsInWindow,
      requests_per_window: quota.requestsPerWindow,
      window_ms: quota.windowMs,
      in_flight: quota.inFlight,
      max_concurrency: quota.maxConcurrency,
      paused_until: quota.pausedUntil?.toISOString() ?? null,
    }));
    await this.dataSource.query(
      `INSERT INTO source_health AS h (kind, code, quota_requests_in_window, quota_requests_per_window, quota_window_ms, quota_in_flight,
                                       quota_max_concurrency, quota_paused_until, quota_read_at)
       SELECT q.kind, q.code, q.requests_in_window, q.requests_per_window, q.window_ms, q.in_flight, q.max_concurrency, q.paused_until, $2
         FROM json_to_recordset($1::json) AS q(kind text, code text, requests_in_window integer, requests_per_window integer, window_ms integer,
                                               in_flight integer, max_concurrency integer, paused_until timestamptz)
        ORDER BY q.kind, q.code
       ON CONFLICT (kind, code) DO UPDATE SET
         quota_requests_in_window = excluded.quota_requests_in_window, quota_requests_per_window = excluded.quota_requests_per_window,
         quota_window_ms = excluded.quota_window_ms, quota_in_flight = excluded.quota_in_flight,
         quota_max_concurrency = excluded.quota_max_concurrency, quota_paused_until = excluded.quota_paused_until,
         quota_read_at = excluded.quota_read_at
       WHERE h.quota_read_at IS NULL OR h.quota_read_at <= excluded.quota_read_at`,
      [JSON.stringify(rows), at],
    );
  }

  /** Forgets call counts older than the error-rate window needs. */
  async prune(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM source_call_minutes WHERE minute < $1`, [before]);
  }

  /** Every served source with its health, error-rate counts (the last hour) and its oldest data, by kind and code. */
  async list(now: Date): Promise<SourceHealthView[]> {
    const rows = await queryRows<ViewRow>(
      this.dataSource,
      `WITH recent AS (
         SELECT kind, code, sum(calls)::int AS recent_calls, sum(errors)::int AS recent_errors
           FROM source_call_minutes WHERE minute >= date_trunc('minute', $1::timestamptz) GROUP BY kind, code
       ), followed AS (
         SELECT * FROM carrier_shipments WHERE next_refresh_at IS NOT NULL
       ), oldest AS (
         SELECT 'carrier' AS kind, shipping_line_scac AS code, min(COALESCE(carrier_fetched_at, tracking_since)) AS oldest_data_at
           FROM followed GROUP BY shipping_line_scac
         UNION ALL
         -- A terminal answers for the containers of a followed shipment not yet out of it.
         SELECT 'terminal', t.firms_code, min(COALESCE(cs.terminal_fetched_at, cs.tracking_since))
           FROM followed cs JOIN shipments s ON s.carrier_shipment_id = cs.id JOIN terminals t ON t.id = s.pod_terminal_id
          WHERE t.firms_code IS NOT NULL
            AND EXISTS (SELECT 1 FROM containers c WHERE c.shipment_id = s.id AND c.pod_full_out_at IS NULL)
          GROUP BY t.firms_code
         UNION ALL
         -- A rail carrier answers for the containers it carries until they reach the inland destination.
         SELECT 'rail', c.pod_rail_carrier_scac, min(COALESCE(cs.rail_fetched_at, cs.tracking_since))
           FROM followed cs JOIN shipments s ON s.carrier_shipment_id = cs.id JOIN containers c ON c.shipment_id = s.id
          WHERE c.pod_rail_carrier_scac IS NOT NULL AND c.ind_ata_at IS NULL
          GROUP BY c.pod_rail_carrier_scac
       )
       SELECT s.kind, s.code, s.adapter, s.request_types, s.sandbox, s.experimental,
              h.last_success_at, h.last_error_at, h.last_error_class, h.last_error_detail, h.failing_since, h.outage_notified_at,
              h.quota_requests_in_window, h.quota_requests_per_window, h.quota_window_ms, h.quota_in_flight, h.quota_max_concurrency,
              h.quota_paused_until, h.quota_read_at,
              r.recent_calls, r.recent_errors, o.oldest_data_at
         FROM tracking_sources s
         LEFT JOIN source_health h ON h.kind = s.kind AND h.code = s.code
         LEFT JOIN recent r ON r.kind = s.kind AND r.code = s.code
         LEFT JOIN oldest o ON o.kind = s.kind AND o.code = s.code
        WHERE s.withdrawn_at IS NULL
        ORDER BY s.kind, s.code`,
      [new Date(now.getTime() - SOURCE_ERROR_RATE_WINDOW_MS)],
    );
    return rows.map((row) => ({
      ...toHealth(row, row.recent_calls ?? 0, row.recent_errors ?? 0),
      source: {
        kind: row.kind,
        code: row.code,
        adapter: row.adapter,
        requestTypes: row.request_types,
        sandbox: row.sandbox,
        experimental: row.experimental,
      },
      oldestDataAt: row.oldest_data_at,
    }));
  }
}
