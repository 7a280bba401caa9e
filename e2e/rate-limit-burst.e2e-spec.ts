import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createContainer, createTestDatabase, eventually, TestRedisServer, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppProcess, freePort } from './support/app-process';

/**
 * docs/rate-limits.md, "Under a burst": three api processes as the service runs them, one Redis
 * (the test's own, so it can be stopped), 1,000 concurrent requests per bucket spread over the
 * processes. Every request is answered; the ones the limiter admitted are exactly the bucket's
 * limit (never more, and not fewer: a slow Redis answer is waited for, not taken for an outage);
 * the rest are 429 with Retry-After, or — when a process sheds a check it cannot wait for — 503
 * with Retry-After, and a shed request is never counted. Then Redis is stopped and each process
 * admits at most its share of a limit (limit ÷ RATE_LIMIT_API_PROCESSES), never unlimited.
 */
const PROCESSES = 3;
const BURST = 1_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | undefined;
}

interface Bucket {
  name: string;
  limit: number;
  /** The status of an admitted request. */
  admittedStatus: number;
  request: (i: number) => { method: string; path: string; body?: unknown };
}

/** A shed check: the limiter's 503, told apart from any other by its code. */
const isShed = (answer: Answer): boolean => answer.status === 503 && answer.code === 'rate_limiter_busy';

describe('rate limits under a burst: three api processes, 1,000 concurrent requests per bucket', () => {
  let db: TestDatabase;
  let redis: TestRedisServer;
  const prefix = testRedisPrefix();
  const apis: AppProcess[] = [];
  const ports: number[] = [];
  let key: string;
  let containerId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await TestRedisServer.start();
    const created = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Burst Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'burst key',
    );
    key = created.key;
    containerId = (await createContainer(db.dataSource, created.account.id)).id;
    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      ports.push(port);
      apis.push(
        new AppProcess('api', {
          DATABASE_URL: db.url,
          REDIS_URL: redis.url(),
          REDIS_PREFIX: prefix,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          RATE_LIMIT_API_PROCESSES: String(PROCESSES),
          // The admitted requests' own database work must not fail for want of a connection on a
          // loaded machine: what is under test is admission, not the pool.
          DATABASE_POOL_TIMEOUT_MS: '120000',
        }),
      );
    }
    await Promise.all(apis.map((api, i) => api.waitReady(`http://127.0.0.1:${ports[i]}/health/ready`, 180_000)));
  }, 240_000);

  afterAll(async () => {
    // Stopped while Redis is away, the apps wait for it to close their queues: it comes back first.
    if (redis && !redis.running) redis = await TestRedisServer.start({ port: redis.port });
    await Promise.all(apis.map((api) => api.stop('SIGTERM')));
    await redis?.stop();
    await db?.drop();
  }, 120_000);

  const send = async (port: number, request: { method: string; path: string; body?: unknown }): Promise<Answer> => {
    const response = await fetch(`http://127.0.0.1:${port}/v2${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Token ${key}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const text = await response.text();
    let code: string | undefined;
    if (response.status >= 400) code = (JSON.parse(text) as { errors: Array<{ code?: string }> }).errors[0]?.code;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), code };
  };

  /** `count` requests sent at once, spread over the processes in turn. */
  const burst = (
    count: number,
    request: (i: number) => { method: string; path: string; body?: unknown },
    over = ports,
  ): Promise<Answer[]> => Promise.all(Array.from({ length: count }, (_, i) => send(over[i % over.length]!, request(i))));

  const tally = (answers: Answer[]): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const label = isShed(answer) ? '503 shed' : String(answer.status);
      counts[label] = (counts[label] ?? 0) + 1;
    }
    return counts;
  };

  const BUCKETS: Bucket[] = [
    { name: 'default (GET /v2/account)', limit: 100, admittedStatus: 200, request: () => ({ method: 'GET', path: '/account' }) },
    {
      name: 'infer_number',
      limit: 200,
      admittedStatus: 200,
      request: () => ({ method: 'POST', path: '/tracking_requests/infer_number', body: { number: 'ZZZZ98765432' } }),
    },
    {
      name: 'create_tracking_request',
      limit: 100,
      admittedStatus: 201,
      request: (i) => ({
        method: 'POST',
        path: '/tracking_requests',
        body: {
          data: {
            type: 'tracking_request',
            attributes: { request_number: `TEST-BURST-${i}`, request_type: 'bill_of_lading', scac: 'TEST' },
          },
        },
      }),
    },
    { name: 'refresh', limit: 10, admittedStatus: 200, request: () => ({ method: 'PATCH', path: `/containers/${containerId}/refresh` }) },
  ];

  it.each(BUCKETS.map((bucket) => [bucket.name, bucket] as const))(
    '%s: exactly the limit admitted, the rest 429 (or shed 503) with Retry-After',
    async (_name, bucket) => {
      const answers = await burst(BURST, bucket.request);
      const counts = tally(answers);
      // The figures, for the record of a run (bench/README.md quotes them).
      process.stdout.write(`burst ${bucket.name}: ${JSON.stringify(counts)}\n`);
      const admitted = answers.filter((a) => a.status !== 429 && !isShed(a));
      const shed = answers.filter(isShed).length;
      expect(admitted.every((a) => a.status === bucket.admittedStatus)).toBe(true);
      // A shed check never reached Redis, so whatever was not shed competed for the whole limit.
      expect(admitted).toHaveLength(Math.min(bucket.limit, BURST - shed));
      for (const refused of answers.filter((a) => a.status === 429 || isShed(a))) expect(refused.retryAfter).toMatch(/^[1-9][0-9]*$/);
      expect(Object.keys(counts).sort()).toEqual(
        shed > 0 ? ['429', '503 shed', String(bucket.admittedStatus)].sort() : ['429', String(bucket.admittedStatus)].sort(),
      );
    },
    300_000,
  );

  it('with Redis stopped, each process admits its share of the limit (limit ÷ 3), and no more; back, the shared limit again', async () => {
    await redis.stop();
    // Each process has noticed (its readiness says Redis is down): the connection is gone, not slow.
    await Promise.all(
      ports.map((port) =>
        eventually(
          () => fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.status),
          (status) => status === 503,
          `api on ${port} reporting Redis down`,
          60_000,
        ),
      ),
    );
    for (const [bucket, share] of [
      [BUCKETS[0]!, 33],
      [BUCKETS[3]!, 3],
    ] as const) {
      const perProcess = await Promise.all(ports.map((port) => burst(BURST / 10, bucket.request, [port])));
      process.stdout.write(`Redis stopped, ${bucket.name}: ${perProcess.map((answers) => JSON.stringify(tally(answers))).join(' ')}\n`);
      for (const answers of perProcess) {
        // Nothing is shed (the queue is not waiting on anyone): the share, then 429 with Retry-After.
        expect(answers.filter((a) => a.status === bucket.admittedStatus)).toHaveLength(share);
        expect(answers.filter((a) => a.status === 429 && /^[1-9][0-9]*$/.test(a.retryAfter ?? ''))).toHaveLength(BURST / 10 - share);
      }
    }

    // Redis back (empty: a restarted server without persistence): the shared window decides again.
    redis = await TestRedisServer.start({ port: redis.port });
    await Promise.all(
      ports.map((port) =>
        eventually(
          () => fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.status),
          (status) => status === 200,
          `api on ${port} reporting Redis up again`,
          60_000,
        ),
      ),
    );
    const again = await burst(BURST / 2, BUCKETS[3]!.request);
    expect(tally(again)).toEqual({ '200': 10, '429': BURST / 2 - 10 });
  }, 300_000);
});
