import type { INestApplicationContext } from '@nestjs/common';
import { AccountEntity } from '@quayside/data-access';
import { QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Receiver } from '../__tests__/dispatcher-harness';
import {
  bootDispatcher,
  createWebhook,
  dispatcherEnv,
  emitTrackingRequestEvent,
  settled,
  startReceiver,
  waitFor,
} from '../__tests__/dispatcher-harness';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Webhooks follow the plan (docs/plans.md "Webhooks and the plan"): an account whose plan does
 * not include them has its notifications stored `failed` with the reason, and nothing is posted.
 */
describe('webhook delivery follows the plan', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;
  /** The account whose trial ends during the first post to its webhook. */
  let lapseOnFirstCall: { accountId: string; webhookId: string } | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootDispatcher(dispatcherEnv(db.url, testRedisPrefix()));
    receiver = await startReceiver((request, _index, res) => {
      const lapse = lapseOnFirstCall;
      if (lapse === null || !request.body.includes(lapse.webhookId)) {
        res.writeHead(200).end();
        return;
      }
      // The trial ends while the first attempt is being answered; the answer asks for a retry.
      lapseOnFirstCall = null;
      void db.dataSource
        .getRepository(AccountEntity)
        .update({ id: lapse.accountId }, { trial_ends_at: new Date(Date.now() - DAY) })
        .then(() => res.writeHead(503).end('busy'));
    });
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await db?.drop();
  });

  const deliveryJobsFor = async (notificationId: string): Promise<number> =>
    Number(
      (
        await db.dataSource.query<{ n: string }[]>(
          `SELECT count(*) AS n FROM outbox WHERE queue = $1 AND payload->>'notificationId' = $2`,
          [QUEUE.webhookDelivery, notificationId],
        )
      )[0]!.n,
    );

  it.each([
    [
      'the free plan',
      { plan: 'free' as const, trial_ends_at: null },
      "not delivered: the account's free plan does not include webhooks; a trial or paid plan is needed (plan_not_allowed)",
    ],
    [
      'an ended trial',
      { plan: 'trial' as const, trial_ends_at: new Date(Date.now() - DAY) },
      "not delivered: the account's trial has ended; a trial or paid plan is needed (plan_not_allowed)",
    ],
  ])('on %s: stores the notification failed with the reason, enqueues no delivery and posts nothing', async (_label, plan, reason) => {
    const account = await createAccount(db.dataSource, plan);
    const webhook = await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['tracking_request.succeeded'] });
    const event = await emitTrackingRequestEvent(db.dataSource, account.id);

    const [notification] = await waitFor('the notification', () => settled(db.dataSource, webhook.id));
    expect(notification).toMatchObject({
      event_id: event.id,
      delivery_status: 'failed',
      attempts: 0,
      last_error: reason,
      next_attempt_at: null,
    });
    expect(await deliveryJobsFor(notification!.id)).toBe(0);
    expect(receiver.received.filter((r) => r.body.includes(notification!.id))).toHaveLength(0);
  });

  it('on a running trial: delivers', async () => {
    const account = await createAccount(db.dataSource, { plan: 'trial', trial_ends_at: new Date(Date.now() + DAY) });
    const webhook = await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['tracking_request.succeeded'] });
    await emitTrackingRequestEvent(db.dataSource, account.id);

    const [notification] = await waitFor('the delivery', () => settled(db.dataSource, webhook.id));
    expect(notification).toMatchObject({ delivery_status: 'succeeded', attempts: 1, last_error: null });
  });

  it('a trial that ends between two attempts: the retry is not made, the notification fails with the reason', async () => {
    const account = await createAccount(db.dataSource, { plan: 'trial', trial_ends_at: new Date(Date.now() + DAY) });
    const webhook = await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['tracking_request.succeeded'] });
    lapseOnFirstCall = { accountId: account.id, webhookId: webhook.id };
    await emitTrackingRequestEvent(db.dataSource, account.id);

    const [notification] = await waitFor('the end of the series', () => settled(db.dataSource, webhook.id));
    expect(notification).toMatchObject({
      delivery_status: 'failed',
      attempts: 1,
      last_response_status: 503,
      last_error: "not delivered: the account's trial has ended; a trial or paid plan is needed (plan_not_allowed)",
    });
    expect(receiver.received.filter((r) => r.body.includes(notification!.id))).toHaveLength(1);
  });
});
