import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { FanOutRepository } from '@quayside/data-access';
import type { FanOutPlan, NewWebhookNotification } from '@quayside/data-access';
import { isEventAvailableTo, webhookWithheldReason } from '@quayside/domain';
import type { AccountFeature, EventRecord, EventRelatedRecords } from '@quayside/domain';
import { containerVisibilityFor } from '@quayside/json-api';
import { JOB, QUEUE } from '@quayside/queues';
import { buildNotificationPayload, notificationRecordsFromEvent } from '@quayside/webhooks';

/**
 * One `fan-out` job: the event becomes one notification per active webhook of its account
 * subscribed to its name (an event names at most one container, so container events go out
 * once per container). `FanOutRepository` stores them and their deliveries with the completion
 * of the job in one transaction. The account's features at fan-out time decide what it may see,
 * as in the api: an event needing a feature it lacks is not sent, and the rail last free day is
 * left out of containers and changesets without `rail_lfd` (a change of nothing else is not sent).
 * The plan at fan-out time decides whether they are sent at all: without webhooks in the plan
 * they are stored `failed` with the reason (docs/plans.md "Webhooks and the plan").
 */
@Injectable()
export class FanOutService {
  private readonly plan: FanOutPlan = {
    wants: (event, features) => isEventAvailableTo(event.name, features),
    withheld: (account) => webhookWithheldReason(account, new Date()),
    notifications: (event, webhooks, related, features) => notificationsFor(event, webhooks, related, features),
  };

  constructor(private readonly fanOuts: FanOutRepository) {}

  /** Returns the ids of the notifications created (none for a replayed job). */
  async fanOut(eventId: string, outboxId: string): Promise<string[]> {
    return this.fanOuts.fanOut(outboxId, eventId, this.plan, { queue: QUEUE.webhookDelivery, jobName: JOB.deliver });
  }
}

function notificationsFor(event: EventRecord, webhooks: readonly { id: string }[], related: EventRelatedRecords, features: readonly AccountFeature[]): NewWebhookNotification[] {
  const records = notificationRecordsFromEvent(event, related, features);
  if (records === null) return [];
  const visibility = containerVisibilityFor(features);
  const createdAt = new Date();
  const reference_object = { type: event.reference_object_type, id: event.reference_object_id };
  return webhooks.map((webhook) => {
    const id = randomUUID();
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
}
