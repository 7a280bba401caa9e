import { Injectable } from '@nestjs/common';
import { WebhookRegistrationRepository, isUuid } from '@quayside/data-access';
import { badRequest, unprocessableEntity } from '@quayside/domain';
import { BULK_REDELIVERY_LIMIT, WebhookRedeliveryService } from '@quayside/webhooks';
import type { AccountContext } from '../tenancy/account-context';
import { isIsoInstant, parseInstant } from '../common/query-parameters';
import { queryText } from './notification-filters';

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
 * `BULK_REDELIVERY_LIMIT`, gets a fresh series of attempts through `WebhookRedeliveryService`.
 */
@Injectable()
export class RedeliverFailedNotificationsUseCase {
  constructor(
    private readonly redelivery: WebhookRedeliveryService,
    private readonly webhooks: WebhookRegistrationRepository,
  ) {}

  async execute(account: AccountContext, body: unknown, query: Record<string, unknown>): Promise<BulkRedeliveryResult> {
    const { since, webhookId } = this.read(body, query);
    if (webhookId !== null) await this.webhooks.findOwned(account, webhookId);
    const { ids } = await this.redelivery.redeliverFailedSince(account, since, webhookId === null ? {} : { webhookId });
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
    if (since === undefined)
      throw badRequest('since is required: give it as {"data": {"attributes": {"since": ...}}} or as ?since=.', { parameter: 'since' });
    const webhookId = queryText(query, 'webhook_id') ?? null;
    if (webhookId !== null && !isUuid(webhookId)) throw badRequest('webhook_id must be a webhook id (uuid).', { parameter: 'webhook_id' });
    return { since: parseInstant(since, 'since'), webhookId };
  }
}
