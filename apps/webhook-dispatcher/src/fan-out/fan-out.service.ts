import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AccountEntity, EventEntity, EventRelatedRecordsRepository, OutboxRepository, WebhookNotificationRepository, WebhookRepository } from '@quayside/data-access';
import type { NewWebhookNotification } from '@quayside/data-access';
import { isEventAvailableTo } from '@quayside/domain';
import { containerVisibilityFor } from '@quayside/json-api';
import { JOB, QUEUE } from '@quayside/queues';
import { buildNotificationPayload, notificationRecordsFromEvent } from '@quayside/webhooks';
import { DataSource } from 'typeorm';

/**
 * One `fan-out` job: the event becomes one notification per active webhook of its account
 * subscribed to its name (an event names at most one container, so container events go out
 * once per container). Notifications, their `deliver` outbox rows and the completion of the
 * job's own outbox row are one transaction: all happen once, or none. The account's features
 * at fan-out time decide what it may see, as in the api: an event needing a feature it lacks
 * is not sent, and the rail last free day is left out of containers and changesets without
 * `rail_lfd` (a change of nothing else is not sent).
 */
@Injectable()
export class FanOutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly webhooks: WebhookRepository,
    private readonly notifications: WebhookNotificationRepository,
    private readonly related: EventRelatedRecordsRepository,
  ) {}

  /** Returns the ids of the notifications created (none for a replayed job). */
  async fanOut(eventId: string, outboxId: string): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.outbox.complete(manager, outboxId))) return [];
      const event = await manager.getRepository(EventEntity).findOneBy({ id: eventId });
      if (!event) return [];
      const webhooks = await this.webhooks.findSubscribed(manager, event.account_id, event.name);
      if (webhooks.length === 0) return [];
      const account = await manager.getRepository(AccountEntity).findOneBy({ id: event.account_id });
      const features = account?.features ?? [];
      if (!isEventAvailableTo(event.name, features)) return [];
      const records = notificationRecordsFromEvent(event, await this.related.load(manager, event), features);
      if (records === null) return [];
      const visibility = containerVisibilityFor(features);
      const createdAt = new Date();
      const rows: NewWebhookNotification[] = webhooks.map((webhook) => {
        const id = randomUUID();
        const reference_object = { type: event.reference_object_type, id: event.reference_object_id };
        const payload = buildNotificationPayload({ id, event: event.name, delivery_status: 'pending', created_at: createdAt, webhook_id: webhook.id, reference_object, records, visibility });
        return {
          id,
          account_id: event.account_id,
          webhook_id: webhook.id,
          event_id: event.id,
          event: event.name,
          reference_object_type: event.reference_object_type,
          reference_object_id: event.reference_object_id,
          payload: { ...payload },
          created_at: createdAt,
        };
      });
      const inserted = await this.notifications.insertMany(manager, rows);
      for (const id of inserted) {
        await this.outbox.enqueue(manager, { queue: QUEUE.webhookDelivery, jobName: JOB.deliver, payload: { notificationId: id }, accountId: event.account_id });
      }
      return inserted;
    });
  }
}
