import type { INestApplicationContext } from '@nestjs/common';
import { OutboxEntity, WebhookEntity, WebhookRedeliveryRepository } from '@quayside/data-access';
import { DomainError } from '@quayside/domain';
import { QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { WebhookRedeliveryService } from '@quayside/webhooks';
import type { Receiver } from '../__tests__/dispatcher-harness';
import {
  bootDispatcher,
  createWebhook,
  dispatcherEnv,
  emitTrackingRequestEvent,
  notificationsOf,
  settled,
  startReceiver,
  waitFor,
} from '../__tests__/dispatcher-harness';

// "Five days" compressed to about a second (WEBHOOK_DEACTIVATE_AFTER_HOURS = 0.0003) and the
// retry schedule slowed just enough (WEBHOOK_RETRY_SCALE = 0.0002) to outlast it.
describe('a webhook that keeps failing', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootDispatcher(
      dispatcherEnv(db.url, testRedisPrefix(), { WEBHOOK_DEACTIVATE_AFTER_HOURS: '0.0003', WEBHOOK_RETRY_SCALE: '0.0002' }),
    );
    receiver = await startReceiver((_req, _index, res) => res.writeHead(503).end());
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await db?.drop();
  });

  it('is deactivated with the reason recorded, and its pending notifications end failed without more calls', async () => {
    const accountId = (await createAccount(db.dataSource)).id;
    const webhook = await createWebhook(db.dataSource, accountId, { url: receiver.url, events: ['tracking_request.succeeded'] });
    await emitTrackingRequestEvent(db.dataSource, accountId);
    await emitTrackingRequestEvent(db.dataSource, accountId);

    const rows = await waitFor('both notifications to end', () => settled(db.dataSource, webhook.id, 2), 30_000);
    const stored = await db.dataSource.getRepository(WebhookEntity).findOneByOrFail({ id: webhook.id });
    expect(stored.active).toBe(false);
    expect(stored.deactivated_at).not.toBeNull();
    expect(stored.deactivated_reason).toMatch(
      /^deactivated after 0\.0003 hours of failed deliveries without a success; last error: answered 503/,
    );
    expect(rows.every((n) => n.delivery_status === 'failed')).toBe(true);
    expect(rows.some((n) => /the webhook is not active/.test(n.last_error ?? ''))).toBe(true);
    // Far fewer than 2 × 13 calls: deactivation stopped the series.
    expect(receiver.received.length).toBeLessThan(26);

    // No more calls: a call comes only from a delivery job, and every delivery job is an outbox
    // row (a retry is a new row, written with the outcome of the attempt before it). Once no
    // row of these notifications is open, none is left to call the receiver, and each row was
    // completed only after its call, if any, had its answer.
    const callsSettled = receiver.received.length;
    const ids = rows.map((n) => n.id);
    await waitFor('no delivery of these notifications left to run', async () => (await openDeliveries(db, ids)) === 0);
    expect(receiver.received.length).toBe(callsSettled);
  });

  it('redelivers one notification by id for its own account only, closing any older open series', async () => {
    const accountId = (await createAccount(db.dataSource)).id;
    const stranger = (await createAccount(db.dataSource)).id;
    const webhook = await createWebhook(db.dataSource, accountId, { url: receiver.url, events: ['tracking_request.failed'] });
    await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.failed');
    const [notification] = await waitFor('a notification', async () => {
      const found = await notificationsOf(db.dataSource, webhook.id);
      return found.length === 1 ? found : null;
    });

    const redelivery = new WebhookRedeliveryService(app.get(WebhookRedeliveryRepository));
    await expect(redelivery.redeliver({ accountId: stranger }, notification!.id)).rejects.toBeInstanceOf(DomainError);
    await expect(redelivery.redeliver({ accountId }, '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(DomainError);

    const restarted = await redelivery.redeliver({ accountId }, notification!.id);
    expect(restarted).toMatchObject({ id: notification!.id, delivery_status: 'pending', attempts: 0 });
    const open = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where('o.queue = :queue AND o.completed_at IS NULL', { queue: QUEUE.webhookDelivery })
      .andWhere("o.payload->>'notificationId' = :id", { id: notification!.id })
      .getCount();
    expect(open).toBeLessThanOrEqual(1);
  });
});

/** Delivery jobs (outbox rows) of these notifications not yet completed. */
function openDeliveries(db: TestDatabase, notificationIds: string[]): Promise<number> {
  return db.dataSource
    .getRepository(OutboxEntity)
    .createQueryBuilder('o')
    .where('o.queue = :queue AND o.completed_at IS NULL', { queue: QUEUE.webhookDelivery })
    .andWhere("o.payload->>'notificationId' IN (:...ids)", { ids: notificationIds })
    .getCount();
}
