import { Injectable } from '@nestjs/common';
import { FanOutRepository, timeOrderedId } from '@quayside/data-access';
import type { FanOutPlan, NewWebhookNotification, WebhookFormat } from '@quayside/data-access';
import { isEventAvailableTo, webhookWithheldReason } from '@quayside/domain';
import type { AccountFeature, EventRecord, EventRelatedRecords } from '@quayside/domain';
import { containerVisibilityFor } from '@quayside/json-api';
import { JOB, QUEUE } from '@quayside/queues';
import { buildNotificationPayload, dcsaEventOf, notificationRecordsFromEvent } from '@quayside/webhooks';

const DELIVERY = { queue: QUEUE.webhookDelivery, jobName: JOB.deliver } as const;

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

  /** Completes the jobs of the batch's events no webhook hears; returns their outbox ids (FanOutRepository.completeUnheard). */
  async completeUnheard(batch: ReadonlyArray<{ outboxId: string; eventId: string }>): Promise<Set<string>> {
    return this.fanOuts.completeUnheard(batch);
  }

  /** Returns the ids of the notifications created (none for a replayed job). */
  async fanOut(eventId: string, outboxId: string): Promise<string[]> {
    return this.fanOuts.fanOut(outboxId, eventId, this.plan, DELIVERY);
  }

  /** The batch's events fanned out in one transaction (FanOutRepository.fanOutMany); all or nothing. */
  async fanOutMany(batch: ReadonlyArray<{ outboxId: string; eventId: string }>): Promise<void> {
    await this.fanOuts.fanOutMany(batch, this.plan, DELIVERY);
  }
}

function notificationsFor(
  event: EventRecord,
  webhooks: readonly { id: string; format: WebhookFormat }[],
  related: EventRelatedRecords,
  features: readonly AccountFeature[],
): NewWebhookNotification[] {
  const records = notificationRecordsFromEvent(event, related, features);
  if (records === null) return [];
  const visibility = containerVisibilityFor(features);
  const createdAt = new Date();
  const reference_object = { type: event.reference_object_type, id: event.reference_object_id };
  const dcsa = dcsaBodyOf(event, related);
  return webhooks.flatMap((webhook) => {
    const id = timeOrderedId();
    let payload: Record<string, unknown>;
    if (webhook.format === 'dcsa_tnt_3') {
      // A DCSA consumer hears only the milestones DCSA 3.0 has an event for (docs/dcsa.md, "DCSA subscriptions").
      if (dcsa === null) return [];
      payload = dcsa;
    } else {
      payload = {
        ...buildNotificationPayload({
          id,
          event: event.name,
          delivery_status: 'pending',
          created_at: createdAt,
          webhook_id: webhook.id,
          reference_object,
          records,
          visibility,
        }),
      };
    }
    return [
      {
        id,
        account_id: event.account_id,
        webhook_id: webhook.id,
        event_id: event.id,
        event: event.name,
        reference_object_type: event.reference_object_type,
        reference_object_id: event.reference_object_id,
        payload,
        created_at: createdAt,
      },
    ];
  });
}

/** The milestone an event announces as a DCSA 3.0 `POST /events` body (one event), or null when 3.0 has no such event. */
function dcsaBodyOf(event: EventRecord, related: EventRelatedRecords): Record<string, unknown> | null {
  if (event.reference_object_type !== 'transport_event') return null;
  const row = related.transport_events.find((candidate) => candidate.id === event.reference_object_id);
  if (!row) return null;
  const container = related.containers.find((candidate) => candidate.id === row.container_id) ?? null;
  const shipment = related.shipments.find((candidate) => candidate.id === row.shipment_id) ?? null;
  const published = dcsaEventOf({
    ...row,
    container: container ? { number: container.number } : null,
    shipment: shipment ? { bill_of_lading_number: shipment.bill_of_lading_number, carrier_reference: null } : null,
  });
  if (published === null) return null;
  // A correction retracts the version it replaces, as the feed does, so a consumer ends with the current time.
  const retraction =
    row.previous_version_id === null
      ? []
      : [{ eventID: row.previous_version_id, isRetracted: true, eventUpdatedDateTime: row.created_at.toISOString() }];
  return { events: [...retraction, published] };
}
