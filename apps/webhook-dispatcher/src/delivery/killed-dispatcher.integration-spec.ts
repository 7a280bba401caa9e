import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
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

const root = resolve(__dirname, '../../../..');

/** The dispatcher as production runs it: its own process, started from main.ts. */
function spawnDispatcher(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/webhook-dispatcher/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe('a dispatcher killed in the middle of a delivery', () => {
  let db: TestDatabase;
  let receiver: Receiver | undefined;
  let survivor: INestApplicationContext | undefined;
  let victim: ChildProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    if (victim && victim.exitCode === null && victim.signalCode === null) victim.kill('SIGKILL');
    await survivor?.close();
    await receiver?.close();
    await db?.drop();
  });

  it('is replaced by another that delivers the same notification again; nothing is lost', async () => {
    // The first request is held open and never answered: the dispatcher dies while waiting.
    receiver = await startReceiver((_req, index, res) => {
      if (index > 0) res.writeHead(200).end('ok');
    });
    const accountId = (await createAccount(db.dataSource)).id;
    const webhook = await createWebhook(db.dataSource, accountId, { url: receiver.url, events: ['tracking_request.succeeded'] });
    const env = dispatcherEnv(db.url, testRedisPrefix(), { OUTBOX_REDELIVER_AFTER_MS: '1000', WEBHOOK_TIMEOUT_MS: '15000' });

    const spawned = spawnDispatcher(env);
    victim = spawned.child;
    await emitTrackingRequestEvent(db.dataSource, accountId);
    const first = receiver.received;
    await waitFor(`the first attempt (dispatcher output: ${spawned.output()})`, async () => first.length === 1, 60_000);
    victim.kill('SIGKILL');
    await new Promise((done) => victim!.once('exit', done));

    survivor = await bootDispatcher(env);
    const [notification] = await waitFor('the delivery by the second dispatcher', () => settled(db.dataSource, webhook.id), 90_000);

    expect(first).toHaveLength(2);
    expect(first[1]!.headers['webhook-id']).toBe(first[0]!.headers['webhook-id']);
    expect(first[1]!.body).toBe(first[0]!.body);
    // The killed attempt left no record; the one that got an answer did.
    expect(notification).toMatchObject({
      id: first[0]!.headers['webhook-id'],
      delivery_status: 'succeeded',
      attempts: 1,
      last_response_status: 200,
    });
  }, 180_000);

  it('mid-batch: the survivor delivers every notification of the batch, each recorded once', async () => {
    // The first three requests are held open and never answered: the dispatcher dies with a
    // batch half posted (three slots taken, the rest queued behind them).
    const held = 3;
    // The first test's dispatcher shares the database: only the victim may take these jobs.
    await survivor?.close();
    survivor = undefined;
    await receiver?.close();
    receiver = await startReceiver((_req, index, res) => {
      if (index >= held) res.writeHead(200).end('ok');
    });
    const accountId = (await createAccount(db.dataSource)).id;
    const webhook = await createWebhook(db.dataSource, accountId, { url: receiver.url, events: ['tracking_request.succeeded'] });
    const env = dispatcherEnv(db.url, testRedisPrefix(), {
      OUTBOX_REDELIVER_AFTER_MS: '1000',
      WEBHOOK_TIMEOUT_MS: '15000',
      WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT: String(held),
    });

    const spawned = spawnDispatcher(env);
    victim = spawned.child;
    for (let i = 0; i < 8; i++) await emitTrackingRequestEvent(db.dataSource, accountId);
    const posts = receiver.received;
    await waitFor(`the held attempts (dispatcher output: ${spawned.output()})`, async () => posts.length >= held, 60_000);
    victim.kill('SIGKILL');
    await new Promise((done) => victim!.once('exit', done));

    survivor = await bootDispatcher(env);
    const notifications = await waitFor('every delivery', () => settled(db.dataSource, webhook.id, 8), 90_000);

    expect(notifications.every((n) => n.delivery_status === 'succeeded' && n.attempts === 1 && n.last_response_status === 200)).toBe(true);
    // Every notification reached the receiver (those killed mid-post more than once: receivers de-duplicate on webhook-id).
    expect(new Set(posts.map((request) => String(request.headers['webhook-id'])))).toEqual(new Set(notifications.map((n) => n.id)));
  }, 180_000);
});
