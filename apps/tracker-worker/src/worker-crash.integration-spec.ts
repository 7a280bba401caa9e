import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { EventEntity, inFixtureTransaction, OutboxEntity, OutboxRepository, TrackingRequestEntity } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import Bull from 'bull';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from './test/tracker-test-harness';

const ROOT = resolve(__dirname, '../../..');
const FIXTURE = readFileSync(resolve(ROOT, 'libs/carriers/src/dcsa/fixtures/tnt-220-response.json'), 'utf8');

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The worker as a real process (the production `main.ts`), killed with SIGKILL while it waits
 * for a DCSA carrier, then a fresh one: the job's work is redone from its outbox row and its
 * effects are stored once.
 */
describe('a worker killed in the middle of a job', () => {
  let db: TestDatabase;
  let prefix: string;
  let server: Server;
  let carrierUrl: string;
  let hanging = true;
  let hits = 0;
  const held: ServerResponse[] = [];
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = testRedisPrefix();
    server = createServer((request, response) => {
      hits += 1;
      if (hanging) {
        held.push(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(FIXTURE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    carrierUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    for (const response of held) response.destroy();
    await new Promise((r) => server.close(r));
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.drop();
  });

  function startWorker(): ChildProcess {
    const worker = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/tracker-worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_INTERVAL_MS: '50',
        OUTBOX_REDELIVER_AFTER_MS: '1000',
        // The killed worker's lease on the number lapses after this; the next attempt waits for it.
        REFRESH_LEASE_MS: '2000',
        CARRIERS_CONFIG: JSON.stringify({
          carriers: [{ scac: 'DCSA', kind: 'dcsa', baseUrl: carrierUrl, timeoutMs: 60_000 }],
          terminals: [],
          rail: [],
        }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(worker);
    return worker;
  }

  it('loses nothing and stores no event twice, also when the job is delivered again after its commit', async () => {
    const account = await createAccount(db.dataSource);
    const { requestId, outboxId } = await inFixtureTransaction(db.dataSource, async (manager) => {
      const request = await manager.getRepository(TrackingRequestEntity).save(
        manager.getRepository(TrackingRequestEntity).create({
          account_id: account.id,
          request_number: 'APZU4812090',
          request_type: 'container',
          scac: 'DCSA',
          ref_numbers: [],
          tags: [],
        }),
      );
      const outbox = await new OutboxRepository(db.dataSource).enqueue(manager, {
        queue: QUEUE.tracker,
        jobName: JOB.trackRequest,
        payload: { trackingRequestId: request.id },
        accountId: account.id,
      });
      return { requestId: request.id, outboxId: outbox.id };
    });

    const first = startWorker();
    await waitFor('the worker to call the carrier', () => hits > 0);
    first.kill('SIGKILL');
    await waitFor('the worker to die', () => first.signalCode === 'SIGKILL');
    expect(await db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id: requestId })).toMatchObject({
      status: 'pending',
    });
    expect(await db.dataSource.getRepository(EventEntity).countBy({ account_id: account.id })).toBe(0);

    // Bull would hand the dead worker's job out again once its lock expires (30 s); a lost Redis
    // is handled by the outbox relay instead. Test the faster path: drop the dead job from Redis.
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:${QUEUE.tracker}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();

    hanging = false;
    startWorker();
    const succeeded = await waitFor('the request to succeed in the second worker', async () => {
      const request = await db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id: requestId });
      return request.status === 'succeeded' ? request : null;
    });
    expect(succeeded).toMatchObject({ retry_count: 0, is_retrying: false });
    const outbox = await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: outboxId });
    expect(outbox.completed_at).not.toBeNull();
    expect(outbox.publish_count).toBeGreaterThanOrEqual(2);
    const stored = async (): Promise<string[]> =>
      (await db.dataSource.getRepository(EventEntity).find({ where: { account_id: account.id }, order: { created_at: 'ASC' } })).map(
        (e) => e.name,
      );
    const events = await stored();
    expect(events.slice(0, 2)).toEqual(['tracking_request.succeeded', 'container.created']);
    expect(events[0]).toBe('tracking_request.succeeded');
    expect(events.filter((n) => n === 'tracking_request.succeeded')).toHaveLength(1);
    expect(events.filter((n) => n === 'container.created')).toHaveLength(1);
    expect(new Set(events.filter((n) => n.startsWith('container.transport.'))).size).toBe(
      events.filter((n) => n.startsWith('container.transport.')).length,
    );

    // The same job delivered once more (a worker killed after its commit, before the ack).
    const queue = new Bull(QUEUE.tracker, TEST_REDIS_URL, { prefix });
    const replay = await queue.add(JOB.trackRequest, { trackingRequestId: requestId, outboxId }, { jobId: `${outboxId}:again` });
    await expect(replay.finished()).resolves.toEqual({ status: 'replayed' });
    await queue.close();
    expect(await stored()).toEqual(events);
  });
});
