import { createHmac } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { WebhookEntity, WebhookRedeliveryRepository } from '@quayside/data-access';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_RETRY_JITTER, WebhookRedeliveryService } from '@quayside/webhooks';
import type { Receiver, ReceivedRequest } from '../__tests__/dispatcher-harness';
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

/** The receiver's check, written from docs/webhooks.md alone. */
function verifiedBy(secret: string, request: ReceivedRequest): boolean {
  const mac = (data: string) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest();
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  return (
    request.headers['x-t49-webhook-signature'] === mac(request.body).toString('hex') &&
    request.headers['webhook-signature'] === `v1,${mac(`${id}.${timestamp}.${request.body}`).toString('base64')}` &&
    Math.abs(Number(timestamp) - Date.now() / 1000) < 60
  );
}

/** dispatcherEnv's WEBHOOK_RETRY_SCALE. */
const RETRY_SCALE = 0.00002;

describe('webhook delivery (dispatcher against local receivers)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let accountId: string;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    // A held request must not time out while the slow-endpoint test holds it (no test here waits on a timeout).
    app = await bootDispatcher(
      dispatcherEnv(db.url, testRedisPrefix(), { WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT: '2', WEBHOOK_TIMEOUT_MS: '60000' }),
    );
    accountId = (await createAccount(db.dataSource)).id;
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await db?.drop();
  });

  it('retries a receiver that fails 3 times, then delivers the same notification id and body, signed every time', async () => {
    const hook = await receiver((_req, index, res) => res.writeHead(index < 3 ? 503 : 200).end(index < 3 ? 'down for maintenance' : 'ok'));
    const webhook = await createWebhook(db.dataSource, accountId, { url: hook.url, events: ['tracking_request.succeeded'] });
    await emitTrackingRequestEvent(db.dataSource, accountId);

    const [notification] = await waitFor('delivery', () => settled(db.dataSource, webhook.id));
    expect(notification).toMatchObject({
      delivery_status: 'succeeded',
      attempts: 4,
      last_response_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([notification!.id]));
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(hook.received.every((r) => verifiedBy(webhook.secret, r))).toBe(true);
    const body = JSON.parse(hook.received[0]!.body) as {
      data: { id: string; attributes: { event: string } };
      included: { type: string }[];
    };
    expect(body.data).toMatchObject({
      id: notification!.id,
      type: 'webhook_notification',
      attributes: { event: 'tracking_request.succeeded' },
    });
    expect(body.included[0]!.type).toBe('tracking_request');
    const stored = await db.dataSource.getRepository(WebhookEntity).findOneByOrFail({ id: webhook.id });
    expect(stored.last_success_at).not.toBeNull();
    expect(stored.failing_since).toBeNull();
  });

  it('ends `failed` after the 12th retry of a receiver that never succeeds, keeping its last answer, and redelivers on request', async () => {
    let healthy = false;
    const hook = await receiver((_req, _index, res) => (healthy ? res.writeHead(204).end() : res.writeHead(500).end('x'.repeat(50_000))));
    const webhook = await createWebhook(db.dataSource, accountId, { url: hook.url, events: ['tracking_request.succeeded'] });
    await emitTrackingRequestEvent(db.dataSource, accountId);

    const [notification] = await waitFor('the last retry', () => settled(db.dataSource, webhook.id), 40_000);
    expect(notification).toMatchObject({ delivery_status: 'failed', attempts: 13, last_response_status: 500, next_attempt_at: null });
    expect(notification!.last_response_body).toHaveLength(20 * 1024);
    expect(notification!.last_error).toMatch(/answered 500/);
    expect(hook.received).toHaveLength(13);
    // Each retry waits out its schedule (scaled as dispatcherEnv sets it, less the 20 % jitter):
    // a lower bound holds however loaded the machine is; that the waits grow is retry-schedule.spec's.
    const gaps = hook.received.slice(1).map((r, i) => r.at - hook.received[i]!.at);
    gaps.forEach((gap, i) =>
      expect(gap).toBeGreaterThanOrEqual(Math.floor(WEBHOOK_RETRY_DELAYS_MS[i]! * (1 - WEBHOOK_RETRY_JITTER) * RETRY_SCALE)),
    );

    healthy = true;
    const redelivery = new WebhookRedeliveryService(app.get(WebhookRedeliveryRepository));
    await expect(redelivery.redeliverFailedSince({ accountId }, new Date(Date.now() - 3600_000))).resolves.toMatchObject({
      count: 1,
      ids: [notification!.id],
    });
    const [again] = await waitFor('the redelivery', () => settled(db.dataSource, webhook.id));
    expect(again).toMatchObject({ id: notification!.id, delivery_status: 'succeeded', attempts: 1, last_response_status: 204 });
    expect(hook.received.at(-1)!.headers['webhook-id']).toBe(notification!.id);
  });

  it('never has more than the cap in flight at one slow endpoint, while another endpoint keeps flowing', async () => {
    // The slow receiver holds every request until the test lets go: whatever the machine's
    // load, the fast endpoint can only finish first if it did not queue behind the slow one.
    let inFlight = 0;
    let peak = 0;
    let held: Array<() => void> | null = [];
    const slow = await receiver((_req, _index, res) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      const answer = () => {
        inFlight -= 1;
        res.writeHead(200).end();
      };
      if (held === null) answer();
      else held.push(answer);
    });
    const fast = await receiver((_req, _index, res) => res.writeHead(200).end());
    const slowHook = await createWebhook(db.dataSource, accountId, { url: slow.url, events: ['tracking_request.failed'] });
    const fastHook = await createWebhook(db.dataSource, accountId, { url: fast.url, events: ['tracking_request.awaiting_manifest'] });
    for (let i = 0; i < 6; i++) await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.failed');
    for (let i = 0; i < 3; i++) await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.awaiting_manifest');

    const fastDone = await waitFor('the fast endpoint', () => settled(db.dataSource, fastHook.id, 3));
    await waitFor('both slots of the slow endpoint taken', async () => slow.received.length >= 2);
    expect(fastDone.every((n) => n.delivery_status === 'succeeded')).toBe(true);
    expect(slow.received).toHaveLength(2);
    expect((await notificationsOf(db.dataSource, slowHook.id)).every((n) => n.delivery_status === 'pending')).toBe(true);

    const waiting = held;
    held = null;
    for (const answer of waiting) answer();
    const slowDone = await waitFor('the slow endpoint', () => settled(db.dataSource, slowHook.id, 6));
    expect(slowDone.every((n) => n.delivery_status === 'succeeded' && n.attempts === 1)).toBe(true);
    expect(peak).toBe(2);
  });

  it('records an answer holding NUL characters without them (no text column can hold one)', async () => {
    const hook = await receiver((_req, _index, res) => res.writeHead(200).end('o\u0000k'));
    const webhook = await createWebhook(db.dataSource, accountId, { url: hook.url, events: ['tracking_request.succeeded'] });
    await emitTrackingRequestEvent(db.dataSource, accountId);

    const [notification] = await waitFor('delivery', () => settled(db.dataSource, webhook.id));
    expect(notification).toMatchObject({ delivery_status: 'succeeded', attempts: 1, last_response_status: 200, last_response_body: 'ok' });
  });

  it('sends nothing to a webhook that is turned off', async () => {
    const hook = await receiver((_req, _index, res) => res.writeHead(200).end());
    const webhook = await createWebhook(db.dataSource, accountId, { url: hook.url, events: ['tracking_request.tracking_stopped'] });
    await db.dataSource
      .getRepository(WebhookEntity)
      .update({ id: webhook.id }, { active: false, deactivated_reason: 'failing for 5 days' });
    // The marker: an active webhook of the same account and event. Fan-out writes every
    // webhook's notification of an event in one transaction, so once the marker's has been
    // delivered, the event's fan-out is over: had it made one for the webhook turned off, it
    // would be stored by now.
    const marker = await receiver((_req, _index, res) => res.writeHead(200).end());
    const markerHook = await createWebhook(db.dataSource, accountId, { url: marker.url, events: ['tracking_request.tracking_stopped'] });
    await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.tracking_stopped');

    const [delivered] = await waitFor("the marker webhook's delivery", () => settled(db.dataSource, markerHook.id));
    expect(delivered).toMatchObject({ delivery_status: 'succeeded' });
    expect(marker.received).toHaveLength(1);
    // Fan-out skips inactive webhooks entirely.
    expect(await notificationsOf(db.dataSource, webhook.id)).toEqual([]);
    expect(hook.received).toHaveLength(0);
  });
});
