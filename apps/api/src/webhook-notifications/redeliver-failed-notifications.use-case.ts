import { Injectable } from '@nestjs/common';
import { OutboxRepository, WebhookNotificationQueryRepository, WebhookNotificationRepository, WebhookRegistrationRepository, isUuid } from '@quayside/data-access';
import { badRequest, unprocessableEntity } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { BULK_REDELIVERY_LIMIT } from '@quayside/webhooks';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../tenancy/account-context';
import { isIsoInstant, parseInstant, queryText } from './notification-filters';

export interface BulkRedeliveryResult {
  meta: {
    /** Notifications put back to `pending`, each with a new delivery queued. */
    queued: number;
    notification_ids: string[];
    since: string;
    webhook_id: string | null;
    /** Most one call queues; when `queued` reaches it, call again for the rest. */
    limit: number;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `POST /v2/webhook_notifications/redeliver`: every `failed` notification of the account created
 * at or after `since` (of one webhook when `webhook_id` is given), oldest first, up to
 * `BULK_REDELIVERY_LIMIT`, gets a fresh series of attempts. It takes the same steps, in one
 * transaction, as `WebhookRedeliveryService` (reset the rows, close an older open series, queue
 * a delivery through the outbox), with the selection narrowed to one webhook, which the
 * service's bulk form does not offer.
 */
@Injectable()
export class RedeliverFailedNotificationsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: WebhookNotificationQueryRepository,
    private readonly notifications: WebhookNotificationRepository,
    private readonly webhooks: WebhookRegistrationRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  async execute(account: AccountContext, body: unknown, query: Record<string, unknown>): Promise<BulkRedeliveryResult> {
    const { since, webhookId } = this.read(body, query);
    if (webhookId !== null) await this.webhooks.findOwned(account, webhookId);
    const ids = await this.dataSource.transaction(async (manager) => {
      const selected = await this.queries.failedIdsSince(manager, account, since, BULK_REDELIVERY_LIMIT, webhookId ?? undefined);
      const rows = await this.notifications.resetForRedelivery(manager, account.accountId, selected, new Date());
      await this.notifications.closeOpenDeliveries(manager, QUEUE.webhookDelivery, rows.map((row) => row.id));
      for (const row of rows) {
        await this.outbox.enqueue(manager, {
          queue: QUEUE.webhookDelivery,
          jobName: JOB.deliver,
          payload: { notificationId: row.id },
          accountId: row.account_id,
        });
      }
      return selected.filter((id) => rows.some((row) => row.id === id));
    });
    return {
      meta: { queued: ids.length, notification_ids: ids, since: since.toISOString(), webhook_id: webhookId, limit: BULK_REDELIVERY_LIMIT },
    };
  }

  /** `{data: {attributes: {since, webhook_id?}}}` (422 with pointers), or `?since=&webhook_id=` (400 naming the parameter). */
  private read(body: unknown, query: Record<string, unknown>): { since: Date; webhookId: string | null } {
    const data = isObject(body) ? body['data'] : undefined;
    if (isObject(data)) {
      const attributes = isObject(data['attributes']) ? data['attributes'] : {};
      const since = attributes['since'];
      const webhookId = attributes['webhook_id'] ?? null;
      const issues = [];
      if (!isIsoInstant(since)) {
        issues.push({ pointer: '/data/attributes/since', detail: 'since is required: an ISO 8601 date-time, e.g. 2026-08-14T00:00:00Z.' });
      }
      if (webhookId !== null && (typeof webhookId !== 'string' || !isUuid(webhookId))) {
        issues.push({ pointer: '/data/attributes/webhook_id', detail: 'webhook_id must be a webhook id (uuid).' });
      }
      if (issues.length > 0) throw unprocessableEntity(issues);
      return { since: new Date(since as string), webhookId: webhookId as string | null };
    }
    const since = queryText(query, 'since');
    if (since === undefined) throw badRequest('since is required: give it as {"data": {"attributes": {"since": ...}}} or as ?since=.', { parameter: 'since' });
    const webhookId = queryText(query, 'webhook_id') ?? null;
    if (webhookId !== null && !isUuid(webhookId)) throw badRequest('webhook_id must be a webhook id (uuid).', { parameter: 'webhook_id' });
    return { since: parseInstant(since, 'since'), webhookId };
  }
}
