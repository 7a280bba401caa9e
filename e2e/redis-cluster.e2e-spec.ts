import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createRedisClient } from '@quayside/platform';
import type { RedisClient } from '@quayside/platform';
import { QUEUE_NAMES, queuePrefix } from '@quayside/queues';
import { createTestDatabase, refreshCompleted, TestRedisCluster, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppProcess, freePort } from './support/app-process';
import { FirstWebhookRun } from './support/first-webhook';

/**
 * The three apps on a Redis Cluster of three masters the test starts on loopback
 * (REDIS_CLUSTER_NODES). A Cluster refuses a script or a transaction whose keys hash to
 * different slots (CROSSSLOT) and answers MOVED for a key another node owns, so a tracking request
 * followed to its signed webhook and a refresh to its completion show that every Lua script (the
 * rate limiter, the endpoint leases, the carrier quotas, Bull's own) and every queue found its
 * keys in one slot through the Cluster client. Then a second api process joins and one account's
 * bucket stays exact across both.
 */
describe('on a Redis Cluster of three masters: the lifecycle, and a rate limit exact across two api processes', () => {
  let cluster: TestRedisCluster;
  let db: TestDatabase;
  let observer: RedisClient;
  let second: AppProcess | undefined;
  const prefix = testRedisPrefix();
  const apps = new FirstWebhookRun();
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = await TestRedisCluster.start(3);
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url, REDIS_URL: cluster.url(), REDIS_CLUSTER_NODES: cluster.seeds(), REDIS_PREFIX: prefix };
    observer = createRedisClient({
      url: cluster.url(),
      clusterNodes: cluster.nodes.map((node) => ({ host: '127.0.0.1', port: node.port })),
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([apps.stop(), second?.stop('SIGTERM')]);
    observer?.disconnect();
    await cluster?.stop();
    await db?.drop();
  }, 60_000);

  it('follows a tracking request to its signed webhook and a refresh to its completion', async () => {
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Cluster Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'cluster key',
    );
    await expect(apps.run(env, key)).resolves.toBe('tracking_request.succeeded');
    const { containerId, message } = await apps.refreshFirstContainer();
    expect(message).toMatch(/^Started refresh for /);
    await refreshCompleted(db.dataSource, containerId);

    // Each queue's keys carry its name as a hash tag: one slot per queue, the queues spread over the masters.
    const connection = { url: cluster.url(), clusterNodes: [{ host: '127.0.0.1', port: cluster.nodes[1]!.port }] };
    const slots = await Promise.all(
      QUEUE_NAMES.map((queue) => observer.call('CLUSTER', 'KEYSLOT', `${queuePrefix(prefix, queue, connection)}:${queue}:wait`)),
    );
    expect(queuePrefix(prefix, 'tracker', connection)).toBe(`${prefix}:{tracker}`);
    const owners = new Set<number>();
    const shards = (await observer.call('CLUSTER', 'SLOTS')) as Array<[number, number, [string, number]]>;
    for (const slot of slots.map(Number)) {
      const owner = shards.find(([from, to]) => slot >= from && slot <= to);
      if (owner) owners.add(owner[2][1]);
    }
    expect(owners.size).toBeGreaterThan(1);
  }, 300_000);

  it('keeps one account’s bucket exact across two api processes: 100 of 300 concurrent requests', async () => {
    const port = await freePort();
    second = new AppProcess('api', { ...env, PORT: String(port), LOG_LEVEL: 'warn' });
    await second.waitReady(`http://127.0.0.1:${port}/health/ready`);
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Cluster Burst', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'cluster burst key',
    );
    const ports = [apps.apiPort, port];
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`http://127.0.0.1:${ports[i % 2]}/v2/account`, { headers: { authorization: `Token ${key}` } }).then(async (response) => {
          await response.text();
          return `${response.status}${response.status === 429 && /^[1-9][0-9]*$/.test(response.headers.get('retry-after') ?? '') ? ' with Retry-After' : ''}`;
        }),
      ),
    );
    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    expect(counts).toEqual({ '200': 100, '429 with Retry-After': 200 });
  }, 240_000);
});
