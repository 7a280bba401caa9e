import { Injectable } from '@nestjs/common';
import type { EventName, WebhookHeader } from '@quayside/domain';
import { notFound } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { WebhookEntity } from '../entities/webhook.entity';
import type { WebhookFormat } from '../entities/webhook.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

export interface NewWebhook {
  url: string;
  active: boolean;
  events: EventName[];
  headers: WebhookHeader[];
  secret: string;
  /** Absent: `json_api`. */
  format?: WebhookFormat;
}

/** What a client may change; an absent member stays as it is. */
export interface WebhookChanges {
  url?: string;
  active?: boolean;
  events?: EventName[];
  headers?: WebhookHeader[];
}

/**
 * Webhooks as their owner manages them through the API (create, list, change, delete).
 * Delivery health (`failing_since`, deactivation) is the dispatcher's, in `WebhookRepository`.
 */
@Injectable()
export class WebhookRegistrationRepository extends AccountScopedRepository<WebhookEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, WebhookEntity, 'webhook');
  }

  /** A page of the account's webhooks, oldest first by `(created_at, id)` (index `idx_webhooks_account_list`). */
  async listPage(scope: AccountScope, page: { offset: number; size: number }): Promise<{ rows: WebhookEntity[]; total: number }> {
    const [rows, total] = await this.scoped(scope, 'row')
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .skip(page.offset)
      .take(page.size)
      .getManyAndCount();
    return { rows, total };
  }

  async create(scope: AccountScope, webhook: NewWebhook): Promise<WebhookEntity> {
    const repository = this.repository();
    return repository.save(repository.create({ ...webhook, account_id: scope.accountId }));
  }

  /**
   * Applies the owner's changes under a row lock, so a deactivation the dispatcher records at
   * the same moment is not lost or half-applied. Turning an inactive webhook back on clears
   * why and when the service turned it off, and its failing streak, so it gets a fresh five
   * days. Turning it off by hand records no reason.
   */
  async update(scope: AccountScope, id: string, changes: WebhookChanges): Promise<WebhookEntity> {
    await this.findOwned(scope, id);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.scoped(scope, 'row', manager).andWhere('row.id = :id', { id }).setLock('pessimistic_write').getOne();
      if (!row) throw notFound(this.resourceType, id);
      if (changes.url !== undefined) row.url = changes.url;
      if (changes.events !== undefined) row.events = changes.events;
      if (changes.headers !== undefined) row.headers = changes.headers;
      if (changes.active === true && !row.active) {
        row.active = true;
        row.deactivated_reason = null;
        row.deactivated_at = null;
        row.failing_since = null;
      } else if (changes.active === false && row.active) {
        row.active = false;
      }
      return this.repository(manager).save(row);
    });
  }

  /** Deletes the webhook and, by cascade, its notifications; a delivery already queued finds nothing and ends. */
  async remove(scope: AccountScope, id: string): Promise<void> {
    await this.findOwned(scope, id);
    await this.repository().delete({ id, account_id: scope.accountId });
  }
}
