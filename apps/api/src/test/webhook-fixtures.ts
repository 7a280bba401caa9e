import { randomUUID } from 'node:crypto';
import { EventEntity, inFixtureTransaction, WebhookNotificationRepository, WebhookRegistrationRepository } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { EventName, ReferenceObjectType } from '@quayside/domain';
import { sampleNotificationPayload } from '@quayside/webhooks';

/** A webhook stored directly (no URL check), for tests whose app refuses the test receiver's URL. */
export async function seedWebhook(db: DatabaseConnection, accountId: string, url = 'https://hooks.example.com/quayside'): Promise<string> {
  const webhook = await new WebhookRegistrationRepository(db).create(
    { accountId },
    { url, active: true, events: ['container.updated', 'tracking_request.succeeded'], headers: [], secret: randomUUID() },
  );
  return webhook.id;
}

/**
 * What fan-out writes for one event: the event row and its notification (through the
 * dispatcher's repository), with the payload built by the delivery code. Returns the notification id.
 */
export async function seedWebhookNotification(
  db: DatabaseConnection,
  accountId: string,
  webhookId: string,
  event: EventName,
  createdAt = new Date(),
): Promise<string> {
  const id = randomUUID();
  const payload = sampleNotificationPayload(event, { notificationId: id, webhookId, createdAt });
  const reference = payload.data.relationships!['reference_object']!.data as { id: string; type: ReferenceObjectType };
  await inFixtureTransaction(db, async (manager) => {
    const stored = await manager.getRepository(EventEntity).save(
      manager.getRepository(EventEntity).create({
        account_id: accountId,
        name: event,
        reference_object_type: reference.type,
        reference_object_id: reference.id,
        occurred_at: createdAt,
        payload: {},
        dedupe_key: `fixture:${randomUUID()}`,
      }),
    );
    await new WebhookNotificationRepository(db).insertMany(manager, [
      {
        id,
        account_id: accountId,
        webhook_id: webhookId,
        event_id: stored.id,
        event,
        reference_object_type: reference.type,
        reference_object_id: reference.id,
        payload: payload as unknown as Record<string, unknown>,
        created_at: createdAt,
      },
    ]);
  });
  return id;
}
