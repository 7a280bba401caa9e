import { Injectable } from '@nestjs/common';
import type { AccountFeature, EventRecord, EventRelatedRecords } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import type { WebhookFormat } from '../entities/webhook.entity';
import { EventEntity } from '../entities/event.entity';
import { EventRelatedRecordsRepository } from './event-related-records.repository';
import { OutboxRepository } from './outbox.repository';
import type { DeliveryJobTarget } from './webhook-redelivery.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import type { NewWebhookNotification } from './webhook-notification.repository';
import { queryRows } from './query-rows';
import { uuidArray } from './uuid-array';
import { hears, WebhookRepository } from './webhook.repository';

/** What the dispatcher decides about one event; data-access loads, stores and enqueues around it. */
export interface FanOutPlan {
  /** Whether the event goes to an account with these features at all. */
  wants(event: EventRecord, features: readonly AccountFeature[]): boolean;
  /**
   * Why the account's plan keeps its notifications from being delivered now, or null: such
   * notifications are stored already `failed` with this reason and no delivery is enqueued.
   */
  withheld(account: Pick<AccountEntity, 'plan' | 'trial_ends_at'>): string | null;
  /** The notifications to store, one per webhook at most; none when nothing is left to tell. */
  notifications(
    event: EventRecord,
    webhooks: readonly { id: string; format: WebhookFormat }[],
    related: EventRelatedRecords,
    features: readonly AccountFeature[],
  ): NewWebhookNotification[];
}

/**
 * One fan-out of one event, in one transaction: the job's outbox row is completed, the event's
 * notifications stored (unique per webhook and event) and each one's delivery enqueued — all
 * once, or none. A replayed job finds its outbox row completed and does nothing. An account
 * whose plan does not include webhooks gets its notifications stored as `failed`, never sent
 * (docs/plans.md "Webhooks and the plan").
 */
@Injectable()
export class FanOutRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly webhooks: WebhookRepository,
    private readonly notifications: WebhookNotificationRepository,
    private readonly related: EventRelatedRecordsRepository,
  ) {}

  /**
   * Completes in one statement the jobs of the events no webhook hears (none of the account's
   * active webhooks subscribed to the event's name) or that are gone, and returns their outbox
   * ids: for them a fan-out stores nothing, and most events are such (a moved estimate nobody
   * subscribed to). At 200 DCSA pushes/s, one transaction of five round trips per event held the
   * fan-out to some 60 events/s, far behind the events stored. The rest go through `fanOut`.
   */
  async completeUnheard(batch: ReadonlyArray<{ outboxId: string; eventId: string }>): Promise<Set<string>> {
    if (batch.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE outbox o SET completed_at = now()
       FROM unnest($1::uuid[], $2::uuid[]) AS b(outbox_id, event_id)
       WHERE o.id = b.outbox_id AND (o.completed_at IS NULL) IS TRUE
         AND NOT EXISTS (SELECT 1 FROM events e JOIN webhooks w ON ${hears('w', 'e.account_id', 'e.name')} WHERE e.id = b.event_id)
       RETURNING o.id`,
      [uuidArray(batch.map((row) => row.outboxId)), uuidArray(batch.map((row) => row.eventId))],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Returns the ids of the notifications created (none for a replayed job). */
  async fanOut(outboxId: string, eventId: string, plan: FanOutPlan, delivery: DeliveryJobTarget): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.outbox.complete(manager, outboxId))) return [];
      const event = await manager.getRepository(EventEntity).findOneBy({ id: eventId });
      if (!event) return [];
      const webhooks = await this.webhooks.findSubscribed(manager, event.account_id, event.name);
      if (webhooks.length === 0) return [];
      const account = await manager.getRepository(AccountEntity).findOneBy({ id: event.account_id });
      const features = account?.features ?? [];
      if (!plan.wants(event, features)) return [];
      const rows = plan.notifications(event, webhooks, await this.related.load(manager, event), features);
      if (rows.length === 0) return [];
      const inserted = await this.notifications.insertMany(manager, rows);
      const withheld = account ? plan.withheld(account) : null;
      if (withheld !== null) {
        for (const id of inserted) await this.notifications.markFailed(manager, id, withheld, new Date());
        return inserted;
      }
      for (const id of inserted) {
        await this.outbox.enqueue(manager, {
          queue: delivery.queue,
          jobName: delivery.jobName,
          payload: { notificationId: id },
          accountId: event.account_id,
        });
      }
      return inserted;
    });
  }
}
