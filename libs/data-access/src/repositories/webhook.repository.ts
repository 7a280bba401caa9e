import { Injectable } from '@nestjs/common';
import type { EventName } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { WebhookEntity } from '../entities/webhook.entity';
import { AccountScopedRepository } from './account-scoped.repository';
import { queryRows } from './query-rows';

/**
 * SQL: webhook `w` hears an event named `event` of account `account` (SQL expressions): active,
 * of the account, subscribed to the name or to everything (an empty list).
 */
export function hears(w: string, account: string, event: string): string {
  return `${w}.account_id = ${account} AND ${w}.active = true AND (cardinality(${w}.events) = 0 OR ${event} = ANY(${w}.events))`;
}

/** Webhook rows as delivery sees them: subscriptions, and the health that decides deactivation. */
@Injectable()
export class WebhookRepository extends AccountScopedRepository<WebhookEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, WebhookEntity, 'webhook');
  }

  /** Active webhooks of the account subscribed to `event` (an empty `events` list means every event). */
  async findSubscribed(manager: EntityManager, accountId: string, event: EventName): Promise<WebhookEntity[]> {
    return this.repository(manager)
      .createQueryBuilder('w')
      .where(hears('w', ':accountId', ':event'), { accountId, event })
      .orderBy('w.created_at')
      .addOrderBy('w.id')
      .getMany();
  }

  async findById(id: string, manager?: EntityManager): Promise<WebhookEntity | null> {
    return this.repository(manager).findOneBy({ id });
  }

  /**
   * Locks, in id order, the webhooks a batch of attempts changes, and returns them: every one
   * with a failure, and those whose success is news (a failing streak to end, or no success
   * recorded within the last second — `last_success_at` may lag by that much, so a webhook
   * delivered to without pause is not rewritten by every batch). Concurrent batches lock in the
   * same order and never deadlock each other.
   */
  async lockForHealth(
    manager: EntityManager,
    changes: ReadonlyArray<{ id: string; lastSuccessAt: Date | null; failed: boolean }>,
  ): Promise<Set<string>> {
    if (changes.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      manager,
      `SELECT w.id FROM webhooks w
       JOIN unnest($1::uuid[], $2::timestamptz[], $3::boolean[]) AS v(id, success_at, failed) ON v.id = w.id
       WHERE v.failed OR w.failing_since IS NOT NULL OR w.last_success_at IS NULL OR w.last_success_at < v.success_at - interval '1 second'
       ORDER BY w.id FOR UPDATE OF w`,
      [changes.map((c) => c.id), changes.map((c) => c.lastSuccessAt), changes.map((c) => c.failed)],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** `recordSuccess` for many webhooks in one statement (locked by the caller). */
  async recordSuccesses(manager: EntityManager, successes: ReadonlyArray<{ id: string; at: Date }>): Promise<void> {
    if (successes.length === 0) return;
    await manager.query(
      `UPDATE webhooks w SET last_success_at = v.at, failing_since = NULL FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at) WHERE w.id = v.id`,
      [successes.map((s) => s.id), successes.map((s) => s.at)],
    );
  }

  /**
   * A failed attempt starts (or continues) the failing streak. When the streak is older than
   * `deactivateAfterMs` the webhook is turned off with `reason` recorded; returns true then.
   */
  async recordFailure(manager: EntityManager, id: string, at: Date, deactivateAfterMs: number, reason: string): Promise<boolean> {
    const rows = await queryRows<{ deactivated: boolean }>(
      manager,
      `UPDATE webhooks w
       SET failing_since = s.since,
           active = w.active AND NOT s.expired,
           deactivated_at = CASE WHEN s.was_active AND s.expired THEN $2::timestamptz ELSE w.deactivated_at END,
           deactivated_reason = CASE WHEN s.was_active AND s.expired THEN $4 ELSE w.deactivated_reason END,
           updated_at = CASE WHEN s.was_active AND s.expired THEN $2::timestamptz ELSE w.updated_at END
       FROM (
         SELECT active AS was_active,
                COALESCE(failing_since, $2::timestamptz) AS since,
                COALESCE(failing_since, $2::timestamptz) <= $2::timestamptz - make_interval(secs => $3::double precision / 1000) AS expired
         FROM webhooks WHERE id = $1 FOR UPDATE
       ) s
       WHERE w.id = $1
       RETURNING (s.was_active AND s.expired) AS deactivated`,
      [id, at, deactivateAfterMs, reason],
    );
    return rows[0]?.deactivated === true;
  }
}
