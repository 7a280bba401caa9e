import { Injectable } from '@nestjs/common';
import type { DeliveryStatus, EventName } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { WebhookNotificationEntity } from '../entities/webhook-notification.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { listPage } from './list-page';
import type { Page, PageOf } from './list-page';
import { ListTotals } from './list-totals';

export interface WebhookNotificationFilters {
  webhook_id?: string;
  event?: EventName;
  delivery_status?: DeliveryStatus;
  /** Created at or after. */
  created_from?: Date;
  /** Created at or before. */
  created_to?: Date;
}

/**
 * Notifications as their owner reads them through the API. The dispatcher's writes, and the
 * selection of a bulk redelivery, are in `WebhookNotificationRepository`.
 */
@Injectable()
export class WebhookNotificationQueryRepository extends AccountScopedRepository<WebhookNotificationEntity> {
  constructor(
    dataSource: DataSource,
    private readonly totals: ListTotals,
  ) {
    super(dataSource, WebhookNotificationEntity, 'webhook_notification');
  }

  /**
   * A page of the account's notifications, oldest first by `(created_at, id)` (index
   * `idx_webhook_notifications_account_list`, or `..._webhook_list` with a webhook filter).
   * The stored payload is left out unless asked for: it can be large and lists rarely need it.
   */
  async listPage(
    scope: AccountScope,
    filters: WebhookNotificationFilters,
    page: Page,
    options: { withPayload?: boolean } = {},
  ): Promise<PageOf<WebhookNotificationEntity>> {
    const query = this.scoped(scope, 'row');
    if (!options.withPayload) {
      const columns = this.repository()
        .metadata.columns.map((column) => column.propertyName)
        .filter((name) => name !== 'payload');
      query.select(columns.map((name) => `row.${name}`));
    }
    if (filters.webhook_id !== undefined) query.andWhere('row.webhook_id = :webhookId', { webhookId: filters.webhook_id });
    if (filters.event !== undefined) query.andWhere('row.event = :event', { event: filters.event });
    if (filters.delivery_status !== undefined) query.andWhere('row.delivery_status = :status', { status: filters.delivery_status });
    if (filters.created_from !== undefined) query.andWhere('row.created_at >= :from', { from: filters.created_from });
    if (filters.created_to !== undefined) query.andWhere('row.created_at <= :to', { to: filters.created_to });
    // Cursor pages and a bounded count, as every other list: an account holds millions of
    // notifications, and OFFSET with an exact COUNT read all of them on every request.
    return listPage(query, 'row', page, this.totals);
  }
}
