import { Injectable } from '@nestjs/common';
import { OutboxRepository, WebhookNotificationRepository } from '@quayside/data-access';
import type { AccountScope, WebhookNotificationEntity } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';

/** Most notifications one bulk redelivery call starts; the caller repeats for more. */
export const BULK_REDELIVERY_LIMIT = 1000;

/**
 * Sending notifications again, which the reference cannot: one by id, or every failed one of
 * an account since a time. Each gets a fresh series of attempts (attempts back to 0, status
 * `pending`) under the same notification id, and its `deliver` outbox row is written in the
 * same transaction, so the request is never lost; an older series still open is closed first.
 */
@Injectable()
export class WebhookRedeliveryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: WebhookNotificationRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** 404 for an unknown id, 401 for another account's (as `findOwned`); the reset notification otherwise. */
  async redeliver(scope: AccountScope, notificationId: string): Promise<WebhookNotificationEntity> {
    await this.notifications.findOwned(scope, notificationId);
    const [row] = await this.dataSource.transaction((manager) => this.restart(manager, scope, [notificationId]));
    if (!row) throw new Error(`notification ${notificationId} vanished during redelivery`);
    return row;
  }

  /**
   * Failed notifications of the account (of one webhook when `filter.webhookId` is given)
   * created at or after `since`, at most `BULK_REDELIVERY_LIMIT`; `ids` oldest first.
   * The caller checks that the webhook is the account's.
   */
  async redeliverFailedSince(scope: AccountScope, since: Date, filter: { webhookId?: string } = {}): Promise<{ count: number; ids: string[] }> {
    const ids = await this.dataSource.transaction(async (manager) => {
      const selected = await this.notifications.failedIdsSince(manager, scope.accountId, since, BULK_REDELIVERY_LIMIT, filter.webhookId);
      const restarted = new Set((await this.restart(manager, scope, selected)).map((row) => row.id));
      return selected.filter((id) => restarted.has(id));
    });
    return { count: ids.length, ids };
  }

  private async restart(manager: EntityManager, scope: AccountScope, ids: readonly string[]): Promise<WebhookNotificationEntity[]> {
    // Reset first: its row locks wait for an attempt being recorded, so the retry row that
    // attempt may add is committed, and seen and closed by the next statement.
    const rows = await this.notifications.resetForRedelivery(manager, scope.accountId, ids, new Date());
    await this.notifications.closeOpenDeliveries(manager, QUEUE.webhookDelivery, rows.map((row) => row.id));
    for (const row of rows) {
      await this.outbox.enqueue(manager, {
        queue: QUEUE.webhookDelivery,
        jobName: JOB.deliver,
        payload: { notificationId: row.id },
        accountId: row.account_id,
      });
    }
    return rows;
  }
}
