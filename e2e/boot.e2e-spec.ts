import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppProcess, freePort } from './support/app-process';
import type { AppName } from './support/app-process';

// The three apps as an operator starts them: separate processes, configured only by the
// environment, against the machine's real PostgreSQL and Redis.

// An app compiling its TypeScript as it loads can take minutes to boot on a loaded machine:
// the bound is for a process that never comes up, not a measure of how fast it does.
jest.setTimeout(300_000);
describe('the three apps boot, report health and stop cleanly', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it.each<AppName>(['api', 'tracker-worker', 'webhook-dispatcher'])(
    '%s answers ready with database and Redis up, serves metrics, then stops on SIGTERM',
    async (app) => {
      const port = await freePort();
      const proc = new AppProcess(app, { DATABASE_URL: db.url, REDIS_PREFIX: prefix, PORT: String(port), OPS_PORT: String(port) });
      try {
        const base = app === 'api' ? `http://127.0.0.1:${port}` : await proc.opsUrl();
        await proc.waitReady(`${base}/health/ready`);
        const body = (await (await fetch(`${base}/health/ready`)).json()) as { status: string; checks: Record<string, { status: string }> };
        expect(body.status).toBe('ok');
        expect(body.checks.database?.status).toBe('up');
        expect(body.checks.redis?.status).toBe('up');
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toContain(`quayside_queue_jobs{queue="tracker",state="waiting",app="${app}"}`);
        const log = proc.text.split('\n').find((line) => line.startsWith('{'));
        expect(JSON.parse(log ?? '{}')).toMatchObject({ app });
      } finally {
        const exit = await proc.stop('SIGTERM');
        expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      }
    },
  );

  it('the api reports Redis down (503) when Redis does not answer', async () => {
    const port = await freePort();
    // A Redis that takes connections and never answers, on a port this test holds: a port found
    // free and left unheld was taken by a Redis another file started meanwhile (files run side by
    // side), and the api found it up.
    const silent = new Set<Socket>();
    const deadRedis = createServer((socket) => {
      silent.add(socket);
      socket.on('close', () => silent.delete(socket));
      // The api is killed with its connection open: a reset is expected, not a failure.
      socket.on('error', () => undefined);
    });
    await new Promise<void>((listening) => deadRedis.listen(0, '127.0.0.1', listening));
    const proc = new AppProcess('api', {
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${(deadRedis.address() as AddressInfo).port}`,
      REDIS_PREFIX: prefix,
      PORT: String(port),
    });
    try {
      await proc.waitReady(`http://127.0.0.1:${port}/health/live`);
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(response.status).toBe(503);
      expect(JSON.stringify(await response.json())).toContain('"redis":{"status":"down"');
    } finally {
      await proc.stop('SIGKILL');
      for (const socket of silent) socket.destroy();
      await new Promise((closed) => deadRedis.close(closed));
    }
  });

  it.each<[AppName, Record<string, string>, string]>([
    ['api', { DATABASE_URL: 'mysql://nope' }, 'DATABASE_URL'],
    ['api', { PORT: 'eighty' }, 'PORT'],
    ['tracker-worker', { REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    ['webhook-dispatcher', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('%s refuses to start with %j and names the variable', async (app, env, variable) => {
    const proc = new AppProcess(app, env);
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    expect(proc.text).toContain(`${app}: invalid configuration`);
    expect(proc.text).toContain(`${variable}: `);
  });
});
