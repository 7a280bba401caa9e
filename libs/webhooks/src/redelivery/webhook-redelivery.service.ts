import { Injectable } from '@nestjs/common';
import { WebhookRedeliveryRepository } from '@quayside/data-access';
import type { AccountScope } from '@quayside/data-access';
import type { WebhookNotificationRecord } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';

/** Most notifications one bulk redelivery call starts; the caller repeats for more. */
export const BULK_REDELIVERY_LIMIT = 1000;

const DELIVERY = { queue: QUEUE.webhookDelivery, jobName: JOB.deliver };

/**
 * Sending notifications again, which the established API cannot: one by id, or every failed one of
 * an account since a time, each under the same notification id with a fresh series of
 * attempts. The repository restarts them and writes their delivery jobs in one transaction.
 */
@Injectable()
export class WebhookRedeliveryService {
  constructor(private readonly redeliveries: WebhookRedeliveryRepository) {}

  /** 404 for an unknown id, 401 for another account's; the reset notification otherwise. */
  async redeliver(scope: AccountScope, notificationId: string): Promise<WebhookNotificationRecord> {
    return this.redeliveries.restartOne(scope, notificationId, DELIVERY);
  }

  /**
   * Failed notifications of the account (of one webhook when `filter.webhookId` is given)
   * created at or after `since`, at most `BULK_REDELIVERY_LIMIT`; `ids` oldest first.
   * The caller checks that the webhook is the account's.
   */
  async redeliverFailedSince(
    scope: AccountScope,
    since: Date,
    filter: { webhookId?: string } = {},
  ): Promise<{ count: number; ids: string[] }> {
    const ids = await this.redeliveries.restartFailedSince(scope, since, BULK_REDELIVERY_LIMIT, filter.webhookId, DELIVERY);
    return { count: ids.length, ids };
  }
}
