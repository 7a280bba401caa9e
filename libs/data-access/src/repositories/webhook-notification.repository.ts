import { Injectable } from '@nestjs/common';
import type { DeliveryStatus, EventName, ReferenceObjectType } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES, WebhookNotificationEntity } from '../entities/webhook-notification.entity';
import { AccountScopedRepository } from './account-scoped.repository';
import { queryRows } from './query-rows';
import { uuidArray } from './uuid-array';

export interface NewWebhookNotification {
  /** Chosen by the caller: the payload carries it before the row exists. */
  id: string;
  account_id: string;
  webhook_id: string;
  event_id: string;
  event: EventName;
  reference_object_type: ReferenceObjectType;
  reference_object_id: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** A notification as lockMany locked it; `tid` is the locked version's place in the table (`ctid`). */
export type LockedNotificationRow = Pick<WebhookNotificationEntity, 'id' | 'account_id' | 'attempts' | 'delivery_status'> & { tid: string };

/** The attempts of recordAttempts, one JSON row each; the caller adds how its rows are found. */
const RECORD_ATTEMPTS = `UPDATE webhook_notifications n
  SET attempts = n.attempts + v.attempts, delivery_status = v.delivery_status, last_response_status = v.last_response_status,
      last_response_body = v.last_response_body, last_error = v.last_error, last_attempted_at = v.at, next_attempt_at = v.next_attempt_at, updated_at = v.at
  FROM json_to_recordset($1::json)
       AS v(id uuid, attempts int, delivery_status text, last_response_status int, last_response_body text, last_error text, at timestamptz, next_attempt_at timestamptz)`;

export interface AttemptRecord {
  at: Date;
  delivery_status: DeliveryStatus;
  last_response_status: number | null;
  last_response_body: string | null;
  last_error: string | null;
  next_attempt_at: Date | null;
}

/**
 * A receiver's answer or an error as a text column can hold it: without NUL characters (no
 * Postgres text may contain one, and a receiver answering binary bytes can send them: the whole
 * batch's transaction failed on it, again with each retry), and cut to at most `maxBytes` of
 * UTF-8 without splitting a character.
 */
function storableText(text: string | null, maxBytes = Infinity): string | null {
  if (text === null) return null;
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  // At most 3 bytes per UTF-16 unit: short answers ("ok") need no encoding to know they fit.
  if (clean.length * 3 <= maxBytes) return clean;
  const bytes = Buffer.from(clean, 'utf8');
  if (bytes.length <= maxBytes) return clean;
  return new TextDecoder('utf-8').decode(bytes.subarray(0, maxBytes)).replace(/\uFFFD$/, '');
}

/** Notification rows: created by fan-out, advanced by each delivery attempt, reset by redelivery. */
@Injectable()
export class WebhookNotificationRepository extends AccountScopedRepository<WebhookNotificationEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, WebhookNotificationEntity, 'webhook_notification');
  }

  /**
   * Inserts the notifications of one event; a (webhook, event) pair that already has one is
   * skipped, so a replayed fan-out adds nothing. Returns the ids actually inserted.
   */
  async insertMany(manager: EntityManager, rows: readonly NewWebhookNotification[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const values: unknown[] = [];
    const tuples = rows.map((row, i) => {
      values.push(
        row.id,
        row.account_id,
        row.webhook_id,
        row.event_id,
        row.event,
        row.reference_object_type,
        row.reference_object_id,
        JSON.stringify(row.payload),
        row.created_at,
      );
      const n = i * 9;
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8}::json, $${n + 9}, $${n + 9})`;
    });
    const inserted = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO webhook_notifications
         (id, account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload, created_at, updated_at)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (webhook_id, event_id) DO NOTHING
       RETURNING id`,
      values,
    );
    return inserted.map((row) => row.id);
  }

  async findById(id: string, manager?: EntityManager): Promise<WebhookNotificationEntity | null> {
    return this.repository(manager).findOneBy({ id });
  }

  /** One more attempt: counts it and keeps what the receiver answered (body cut to 20 KB). */
  async recordAttempt(manager: EntityManager, id: string, attempt: AttemptRecord): Promise<void> {
    await manager.query(
      `UPDATE webhook_notifications
       SET attempts = attempts + 1, delivery_status = $2, last_response_status = $3, last_response_body = $4,
           last_error = $5, last_attempted_at = $6, next_attempt_at = $7, updated_at = $6
       WHERE id = $1`,
      [
        id,
        attempt.delivery_status,
        attempt.last_response_status,
        storableText(attempt.last_response_body, WEBHOOK_RESPONSE_BODY_MAX_BYTES),
        storableText(attempt.last_error),
        attempt.at,
        attempt.next_attempt_at,
      ],
    );
  }

  /**
   * The rows, locked until the caller's transaction ends, in id order: concurrent batches of
   * attempts lock their common notifications in the same order and never deadlock each other.
   * Each id is looked up by primary key on its own (a subquery that locks cannot be merged into
   * a join): as `id = ANY(ids)` the planner scanned the whole table while it held fewer than some
   * tens of thousands of notifications. `tid` is the locked version's place, for recordAttempts.
   */
  async lockMany(manager: EntityManager, ids: readonly string[]): Promise<LockedNotificationRow[]> {
    if (ids.length === 0) return [];
    return queryRows(
      manager,
      `SELECT n.id, n.account_id, n.attempts, n.delivery_status, n.ctid::text AS tid
       FROM (SELECT id FROM unnest($1::uuid[]) AS u(id) ORDER BY id) AS w
       CROSS JOIN LATERAL (
         SELECT id, account_id, attempts, delivery_status, ctid FROM webhook_notifications WHERE id = w.id FOR UPDATE
       ) AS n`,
      [uuidArray(new Set(ids))],
    );
  }

  /**
   * `recordAttempt` for many notifications in one statement; `attempts` says how many attempts
   * each adds (one row each). The rows travel as one JSON document: `pg` serializes array
   * parameters element by element (a string for each uuid, date and text, quoted and escaped),
   * which for eight arrays was a tenth of what the dispatcher allocated per delivery.
   *
   * The rows are found where lockMany, in the same transaction, left them locked (their `tid`):
   * joined on `id` the planner chose a scan of the whole table while it held fewer than some
   * tens of thousands of notifications, a cost per batch that grew with the table. A row not
   * found there (none is expected: a locked row cannot move) is updated by id, so no attempt is
   * ever left unrecorded.
   */
  async recordAttempts(
    manager: EntityManager,
    rows: ReadonlyArray<AttemptRecord & { id: string; attempts: number; tid?: string }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const stored = rows.map((row) => {
      const body = storableText(row.last_response_body, WEBHOOK_RESPONSE_BODY_MAX_BYTES);
      const error = storableText(row.last_error);
      return body === row.last_response_body && error === row.last_error ? row : { ...row, last_response_body: body, last_error: error };
    });
    const located = stored.filter((row) => row.tid !== undefined);
    const updated = new Set<string>();
    if (located.length > 0) {
      const found = await queryRows<{ id: string }>(
        manager,
        `${RECORD_ATTEMPTS} WHERE n.ctid = ANY($2::tid[]) AND n.id = v.id RETURNING n.id`,
        [JSON.stringify(located), `{${located.map((row) => `"${row.tid!}"`).join(',')}}`],
      );
      for (const row of found) updated.add(row.id);
    }
    const rest = stored.filter((row) => !updated.has(row.id));
    if (rest.length > 0) await manager.query(`${RECORD_ATTEMPTS} WHERE n.id = v.id`, [JSON.stringify(rest)]);
  }

  /** `markFailed` for many notifications in one statement. */
  async markManyFailed(manager: EntityManager, rows: ReadonlyArray<{ id: string; error: string; at: Date }>): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `UPDATE webhook_notifications n SET delivery_status = 'failed', last_error = v.error, next_attempt_at = NULL, updated_at = v.at
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS v(id, error, at)
       WHERE n.id = v.id`,
      [rows.map((row) => row.id), rows.map((row) => row.error), rows.map((row) => row.at)],
    );
  }

  /** Ends a notification without an attempt (its webhook was turned off). */
  async markFailed(manager: EntityManager, id: string, error: string, at: Date): Promise<void> {
    await manager.query(
      `UPDATE webhook_notifications SET delivery_status = 'failed', last_error = $2, next_attempt_at = NULL, updated_at = $3 WHERE id = $1`,
      [id, error, at],
    );
  }

  /**
   * Starts a fresh series of attempts for the given notifications of the account: back to
   * `pending` with the attempt count at zero. Returns the rows reset (locked in `manager`).
   */
  async resetForRedelivery(
    manager: EntityManager,
    accountId: string,
    ids: readonly string[],
    at: Date,
  ): Promise<WebhookNotificationEntity[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE webhook_notifications
       SET delivery_status = 'pending', attempts = 0, next_attempt_at = $3, last_error = NULL, updated_at = $3
       WHERE account_id = $1 AND id = ANY($2::uuid[])
       RETURNING id`,
      [accountId, ids, at],
    );
    if (rows.length === 0) return [];
    return this.repository(manager)
      .createQueryBuilder('n')
      .where('n.id IN (:...ids)', { ids: rows.map((r) => r.id) })
      .getMany();
  }

  /**
   * Ids of the account's notifications (of one webhook when `webhookId` is given) created since
   * `since` that ended `failed`, oldest first. Locked in id order, the order the dispatcher's
   * batch recorder locks notifications in, so a bulk redelivery and a recording batch never
   * wait on each other in a cycle.
   */
  async failedIdsSince(manager: EntityManager, accountId: string, since: Date, limit: number, webhookId?: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `WITH chosen AS (
         SELECT id FROM webhook_notifications
         WHERE account_id = $1 AND delivery_status = 'failed' AND created_at >= $2 AND ($4::uuid IS NULL OR webhook_id = $4::uuid)
         ORDER BY created_at, id LIMIT $3
       ), locked AS (
         SELECT n.id, n.created_at FROM webhook_notifications n JOIN chosen USING (id)
         WHERE n.delivery_status = 'failed'
         ORDER BY n.id FOR UPDATE OF n
       )
       SELECT id FROM locked ORDER BY created_at, id`,
      [accountId, since, limit, webhookId ?? null],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Closes the open outbox rows of `queue` that would deliver these notifications, so a
   * redelivery never runs beside an older series. Returns how many were closed.
   */
  async closeOpenDeliveries(manager: EntityManager, queue: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE outbox SET completed_at = now()
       WHERE queue = $1 AND completed_at IS NULL AND payload->>'notificationId' = ANY($2::text[])
       RETURNING id`,
      [queue, ids],
    );
    return rows.length;
  }
}
