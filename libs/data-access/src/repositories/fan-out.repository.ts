import { Injectable } from '@nestjs/common';
import type { AccountFeature, EventRecord, EventRelatedRecords } from '@quayside/domain';
import { DataSource, In } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import type { WebhookEntity, WebhookFormat } from '../entities/webhook.entity';
import { EventEntity } from '../entities/event.entity';
import { EventRelatedRecordsRepository } from './event-related-records.repository';
import { OutboxRepository } from './outbox.repository';
import type { OutboxEntry } from './outbox.repository';
import type { DeliveryJobTarget } from './webhook-redelivery.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import type { NewWebhookNotification } from './webhook-notification.repository';
import { queryRows } from './query-rows';
import { uuidArray } from './uuid-array';
import { hears, WebhookRepository } from './webhook.repository';

/** Notifications per insert: nine parameters each, well under PostgreSQL's 65,535 a statement. */
const NOTIFICATIONS_PER_INSERT = 1000;

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
 * The fan-out of events, a batch in one transaction: each job's outbox row is completed, its
 * event's notifications stored (unique per webhook and event) and each one's delivery enqueued —
 * all once, or none. A replayed job finds its outbox row completed and does nothing. An account
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
   * subscribed to). For a batch `fanOutMany` could not write (a row it cannot read), so that only
   * the rest go through `fanOut`, a transaction each: at 200 DCSA pushes/s, one transaction of
   * five round trips per event held the fan-out to some 60 events/s.
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
    return (await this.fanOutMany([{ outboxId, eventId }], plan, delivery)).get(outboxId) ?? [];
  }

  /**
   * The fan-out of a batch of events in one transaction, in the batch's order: the jobs' rows
   * completed in one statement, what the heard events' notifications include read together
   * (EventRelatedRecordsRepository.loadMany), every notification stored in one statement and
   * every delivery enqueued in one. At 200 DCSA pushes/s a transaction (and a commit) per event heard held the dispatcher
   * far behind the events stored. Returns the notifications created per outbox id (none for a
   * replayed row). Anything failing rolls the whole batch back: nothing is half-written, and the
   * caller can fan the events out one at a time.
   */
  async fanOutMany(
    batch: ReadonlyArray<{ outboxId: string; eventId: string }>,
    plan: FanOutPlan,
    delivery: DeliveryJobTarget,
  ): Promise<Map<string, string[]>> {
    return this.dataSource.transaction(async (manager) => {
      const created = new Map<string, string[]>();
      const mine = await this.outbox.completeMany(
        manager,
        batch.map((row) => row.outboxId),
      );
      const own = batch.filter((row) => mine.has(row.outboxId));
      if (own.length === 0) return created;
      const events = new Map(
        (await manager.getRepository(EventEntity).findBy({ id: In(own.map((row) => row.eventId)) })).map((event) => [event.id, event]),
      );
      // A batch's events mostly share one account and a few names: each is looked up once.
      const subscribed = new Map<string, WebhookEntity[]>();
      const accounts = new Map<string, AccountEntity | null>();
      const heard: Array<{ outboxId: string; event: EventEntity; webhooks: WebhookEntity[]; account: AccountEntity | null }> = [];
      for (const { outboxId, eventId } of own) {
        const event = events.get(eventId);
        if (!event) continue;
        const key = `${event.account_id}\u0000${event.name}`;
        const webhooks = subscribed.get(key) ?? (await this.webhooks.findSubscribed(manager, event.account_id, event.name));
        subscribed.set(key, webhooks);
        if (webhooks.length === 0) continue;
        const account = accounts.has(event.account_id)
          ? accounts.get(event.account_id)!
          : await manager.getRepository(AccountEntity).findOneBy({ id: event.account_id });
        accounts.set(event.account_id, account);
        if (plan.wants(event, account?.features ?? [])) heard.push({ outboxId, event, webhooks, account });
      }
      // What the notifications include, read for all the heard events at once.
      const related = await this.related.loadMany(
        manager,
        heard.map((h) => h.event),
      );
      const planned: Array<{ outboxId: string; accountId: string; withheld: string | null; rows: NewWebhookNotification[] }> = [];
      heard.forEach(({ outboxId, event, webhooks, account }, index) => {
        const rows = plan.notifications(event, webhooks, related[index]!, account?.features ?? []);
        if (rows.length > 0)
          planned.push({ outboxId, accountId: event.account_id, withheld: account ? plan.withheld(account) : null, rows });
      });
      const inserted = new Set<string>();
      const all = planned.flatMap((plannedEvent) => plannedEvent.rows);
      for (let from = 0; from < all.length; from += NOTIFICATIONS_PER_INSERT) {
        for (const id of await this.notifications.insertMany(manager, all.slice(from, from + NOTIFICATIONS_PER_INSERT))) inserted.add(id);
      }
      const deliveries: OutboxEntry[] = [];
      for (const { outboxId, accountId, withheld, rows } of planned) {
        const ids = rows.map((row) => row.id).filter((id) => inserted.has(id));
        created.set(outboxId, ids);
        if (withheld !== null) {
          for (const id of ids) await this.notifications.markFailed(manager, id, withheld, new Date());
          continue;
        }
        for (const id of ids)
          deliveries.push({ queue: delivery.queue, jobName: delivery.jobName, payload: { notificationId: id }, accountId });
      }
      await this.outbox.enqueueMany(manager, deliveries);
      return created;
    });
  }
}
