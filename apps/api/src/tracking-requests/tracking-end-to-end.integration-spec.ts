import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventEntity, OutboxEntity, TrackingRequestEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import Bull from 'bull';
import { ApiTestContext, call } from '../test/api-test-app';

const ROOT = resolve(__dirname, '../../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * A Redis server of this test alone (the machine's Redis serves the other tests), so it can be
 * stopped and started again on the same port.
 */
class OwnRedis {
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  start(): void {
    const started = spawnSync(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
      { encoding: 'utf8' },
    );
    if (started.status !== 0) throw new Error(`redis-server did not start: ${started.stderr}`);
  }

  async ready(): Promise<void> {
    await waitFor(
      'redis to answer',
      async () => spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG',
    );
  }

  stop(): void {
    spawnSync('redis-cli', ['-p', String(this.port), 'shutdown', 'nosave'], { encoding: 'utf8' });
  }

  async stopped(): Promise<void> {
    await waitFor(
      'redis to stop',
      async () => spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).status !== 0,
    );
  }
}

/**
 * From the client's request to the tracker's answer, through the real api, its outbox relay,
 * Redis, and the tracker-worker as its own process (the production `main.ts`, sandbox
 * carrier): nothing accepted while Redis is down is lost, and a stop from the api reaches
 * the tracker, which settles the requests and emits `tracking_request.tracking_stopped`.
 */
describe('end to end: a request accepted while Redis is down is tracked once Redis is back; stop and resume reach the tracker', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let redis: OwnRedis;
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    redis.start();
    await redis.ready();
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({
      REDIS_URL: redis.url,
      OUTBOX_POLL_INTERVAL_MS: 100,
      OUTBOX_WAKE_ON_COMMIT: 'true',
      OUTBOX_REDELIVER_AFTER_MS: 2000,
    });
    owner = await ctx.account({ company: 'End to end' });
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      worker.kill('SIGTERM');
      await waitFor('the worker to stop', async () => worker!.exitCode !== null || worker!.signalCode !== null, 10_000).catch(() =>
        worker!.kill('SIGKILL'),
      );
    }
    // The app closes its Redis clients; the server must be up for that to be quick.
    redis.start();
    await redis.ready().catch(() => undefined);
    await ctx.close();
    redis.stop();
  });

  function startWorker(): ChildProcess {
    return spawn(process.execPath, ['-r', '@swc-node/register', 'apps/tracker-worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: ctx.db.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: ctx.redisPrefix,
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_INTERVAL_MS: '100',
        OUTBOX_REDELIVER_AFTER_MS: '2000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  const request = (id: string): Promise<TrackingRequestEntity> =>
    ctx.db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id });

  it('accepts TEST-TR-SUCCEEDED with Redis down (201, rate limiter open), keeps it in the outbox, and tracks it once Redis is back', async () => {
    redis.stop();
    await redis.stopped();

    const created = await call(app, 'POST', '/v2/tracking_requests', {
      key: owner.key,
      body: {
        data: {
          type: 'tracking_request',
          attributes: { request_number: 'TEST-TR-SUCCEEDED', request_type: 'bill_of_lading', scac: 'TEST' },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json!['data'] as { id: string }).id;
    expect(created.json!['data']).toMatchObject({ attributes: { status: 'pending' }, relationships: { tracked_object: { data: null } } });

    // The accepted work waits in Postgres, committed with the request. Asked once the relay has
    // claimed the row (publish_count 1) and so tried to publish it with Redis down: from then on
    // a relay that dropped or completed what it could not publish would show it.
    const row = await waitFor('the relay to claim the row while Redis is down', async () => {
      const rows = await ctx.db.dataSource.getRepository(OutboxEntity).findBy({ queue: 'tracker', job_name: 'track-request' });
      return rows.find((r) => r.payload['trackingRequestId'] === id && r.publish_count > 0);
    });
    expect(row).toMatchObject({ completed_at: null, account_id: owner.account.id });
    expect((await request(id)).status).toBe('pending');

    // Redis comes back (empty: it keeps nothing on disk); the api's relay publishes the job.
    redis.start();
    await redis.ready();
    const queue = new Bull('tracker', redis.url, { prefix: ctx.redisPrefix });
    try {
      const job = await waitFor('the job on the tracker queue', () => queue.getJob(row.id));
      expect(job.name).toBe('track-request');
      expect(job.data).toMatchObject({ trackingRequestId: id, outboxId: row.id });
    } finally {
      await queue.close();
    }

    // A tracker-worker process takes it from there.
    worker = startWorker();
    const succeeded = await waitFor(
      'the request to succeed',
      async () => ((await request(id)).status === 'succeeded' ? request(id) : null),
      60_000,
    );
    expect(succeeded.tracked_object_id).not.toBeNull();

    const shown = await call(app, 'GET', `/v2/tracking_requests/${id}?include=tracked_object`, { key: owner.key });
    expect(shown.json!['data']).toMatchObject({
      attributes: { status: 'succeeded' },
      relationships: { tracked_object: { data: { id: succeeded.tracked_object_id, type: 'shipment' } } },
    });
    const [shipment] = shown.json!['included'] as {
      id: string;
      type: string;
      attributes: Record<string, unknown>;
      relationships: Record<string, { data: unknown }>;
    }[];
    expect(shipment).toMatchObject({ type: 'shipment', attributes: { shipping_line_scac: 'TEST', line_tracking_stopped_at: null } });
    expect((shipment!.relationships['containers']!.data as unknown[]).length).toBeGreaterThan(0);
  }, 90_000);

  it('stops the shipment through the api; the tracker moves its request to tracking_stopped and emits tracking_request.tracking_stopped; resume brings it back', async () => {
    const [tracked] = await ctx.db.dataSource
      .getRepository(TrackingRequestEntity)
      .findBy({ account_id: owner.account.id, status: 'succeeded' });
    const shipmentId = tracked!.tracked_object_id!;

    const stopped = await call(app, 'PATCH', `/v2/shipments/${shipmentId}/stop_tracking`, { key: owner.key });
    expect(stopped.status).toBe(200);
    expect(stopped.json!['data']).toMatchObject({ attributes: { line_tracking_stopped_reason: 'cancelled_by_user' } });

    await waitFor('the request to be stopped', async () => (await request(tracked!.id)).status === 'tracking_stopped', 30_000);
    const events = await ctx.db.dataSource
      .getRepository(EventEntity)
      .findBy({ tracking_request_id: tracked!.id, name: 'tracking_request.tracking_stopped' });
    expect(events).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ status: 'tracking_stopped', stopped_reason: 'cancelled_by_user' }) as unknown,
      }),
    ]);
    const listed = await call(app, 'GET', '/v2/shipments?filter[tracking_stopped]=true', { key: owner.key });
    expect((listed.json!['data'] as { id: string }[]).map((s) => s.id)).toEqual([shipmentId]);

    const resumed = await call(app, 'PATCH', `/v2/shipments/${shipmentId}/resume_tracking`, { key: owner.key });
    expect(resumed.status).toBe(200);
    expect(resumed.json!['data']).toMatchObject({ attributes: { line_tracking_stopped_at: null, line_tracking_stopped_reason: null } });
    await waitFor('the request to be tracked again', async () => (await request(tracked!.id)).status === 'succeeded', 30_000);
  }, 90_000);
});
