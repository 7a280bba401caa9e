import type { INestApplicationContext } from '@nestjs/common';
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
import { BATCHES_IN_PROGRESS } from './delivery.service';

/** More batches than the dispatcher works on at once, each held by one post to a webhook whose receiver hangs. */
const HELD_BATCHES = BATCHES_IN_PROGRESS + 2;

/**
 * A batch whose only deliveries left are in flight to an endpoint that hangs stops counting
 * towards the batches in progress: more such batches than that do not keep a fast endpoint's
 * delivery, in a later batch, from going through. (Each held batch posts to a webhook of its
 * own: a lane adds a post in flight only for more deliveries than it has posts already.)
 */
describe('batches held by an endpoint that hangs', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // No post times out here.
    app = await bootDispatcher(dispatcherEnv(db.url, testRedisPrefix(), { WEBHOOK_TIMEOUT_MS: '60000' }));
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await db?.drop();
  });

  it('delivers to a fast endpoint while more batches than are worked on at once wait on hanging ones', async () => {
    let held: Array<() => void> | null = [];
    const hanging = await startReceiver((_req, _index, res) => {
      const answer = () => res.writeHead(200).end();
      if (held === null) answer();
      else held.push(answer);
    });
    const fast = await startReceiver((_req, _index, res) => res.writeHead(200).end());
    receivers.push(hanging, fast);

    // One account and webhook per held batch, one event at a time, each posted before the next
    // is written: every one is a batch of its own, with a post in flight that does not end.
    const hangingHooks: string[] = [];
    for (let posted = 1; posted <= HELD_BATCHES; posted++) {
      const accountId = (await createAccount(db.dataSource)).id;
      hangingHooks.push((await createWebhook(db.dataSource, accountId, { url: hanging.url, events: ['tracking_request.failed'] })).id);
      await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.failed');
      await waitFor(`post ${posted} to the hanging receiver`, async () => hanging.received.length >= posted);
    }
    const accountId = (await createAccount(db.dataSource)).id;
    const fastHook = await createWebhook(db.dataSource, accountId, { url: fast.url, events: ['tracking_request.awaiting_manifest'] });
    await emitTrackingRequestEvent(db.dataSource, accountId, 'tracking_request.awaiting_manifest');

    const [delivered] = await waitFor('the fast endpoint', () => settled(db.dataSource, fastHook.id));
    expect(delivered).toMatchObject({ delivery_status: 'succeeded', attempts: 1 });
    expect(hanging.received).toHaveLength(HELD_BATCHES);

    const waiting = held;
    held = null;
    for (const answer of waiting) answer();
    for (const webhookId of hangingHooks) {
      const [done] = await waitFor("a hanging receiver's delivery", () => settled(db.dataSource, webhookId));
      expect(done).toMatchObject({ delivery_status: 'succeeded', attempts: 1 });
    }
  });
});
