import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { WebhookNotificationEntity } from '../entities/webhook-notification.entity';
import type { AccountScope } from './account-scope';
import { OutboxRepository } from './outbox.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';

/** The queue and job a restarted notification is handed to (the queue contract lives in libs/queues). */
export interface DeliveryJobTarget {
  queue: string;
  jobName: string;
}

/**
 * Restarting notifications: each gets a fresh series of attempts (attempts back to 0, status
 * `pending`) under the same id, and its delivery outbox row is written in the same transaction,
 * so a redelivery is never lost; an older series still open is closed first.
 */
@Injectable()
export class WebhookRedeliveryRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: WebhookNotificationRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** 404 for an unknown id, 401 for another account's (as `findOwned`); the reset notification otherwise. */
  async restartOne(scope: AccountScope, notificationId: string, target: DeliveryJobTarget): Promise<WebhookNotificationEntity> {
    await this.notifications.findOwned(scope, notificationId);
    const [row] = await this.dataSource.transaction((manager) => this.restart(manager, scope, [notificationId], target));
    if (!row) throw new Error(`notification ${notificationId} vanished during redelivery`);
    return row;
  }

  /** Failed notifications of the account (of one webhook if given) created at or after `since`, at most `limit`, oldest first. */
  async restartFailedSince(
    scope: AccountScope,
    since: Date,
    limit: number,
    webhookId: string | undefined,
    target: DeliveryJobTarget,
  ): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const selected = await this.notifications.failedIdsSince(manager, scope.accountId, since, limit, webhookId);
      const restarted = new Set((await this.restart(manager, scope, selected, target)).map((row) => row.id));
      return selected.filter((id) => restarted.has(id));
    });
  }

  private async restart(
    manager: EntityManager,
    scope: AccountScope,
    ids: readonly string[],
    target: DeliveryJobTarget,
  ): Promise<WebhookNotificationEntity[]> {
    // Reset first: its row locks wait for an attempt being recorded, so the retry row that
    // attempt may add is committed, and seen and closed by the next statement.
    const rows = await this.notifications.resetForRedelivery(manager, scope.accountId, ids, new Date());
    await this.notifications.closeOpenDeliveries(
      manager,
      target.queue,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      await this.outbox.enqueue(manager, {
        queue: target.queue,
        jobName: target.jobName,
        payload: { notificationId: row.id },
        accountId: row.account_id,
      });
    }
    return rows;
  }
}
