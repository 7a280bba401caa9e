import { Injectable } from '@nestjs/common';
import type { EventName } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { WebhookEntity } from '../entities/webhook.entity';
import { AccountScopedRepository } from './account-scoped.repository';
import { queryRows } from './query-rows';

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
      .where('w.account_id = :accountId', { accountId })
      .andWhere('w.active = true')
      .andWhere("(cardinality(w.events) = 0 OR :event = ANY(w.events))", { event })
      .orderBy('w.created_at')
      .addOrderBy('w.id')
      .getMany();
  }

  async findById(id: string, manager?: EntityManager): Promise<WebhookEntity | null> {
    return this.repository(manager).findOneBy({ id });
  }

  /** A delivered notification ends the webhook's failing streak. */
  async recordSuccess(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.query(`UPDATE webhooks SET last_success_at = $2, failing_since = NULL WHERE id = $1`, [id, at]);
  }

  /** Locks the webhooks in id order (see `WebhookNotificationRepository.lockMany`), before a batch updates them. */
  async lockMany(manager: EntityManager, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`SELECT id FROM webhooks WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [[...new Set(ids)]]);
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
