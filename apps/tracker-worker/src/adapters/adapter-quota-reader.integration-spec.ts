import { RedisSourceQuota } from '@quayside/carriers';
import { SourceHealthRepository } from '@quayside/data-access';
import { createTestDatabase, serveCarriers, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import Redis from 'ioredis';
import { OperatorNotifier } from '../source-health/operator-notifier';
import { SourceOutageWatcher } from '../source-health/source-outage.watcher';
import { TEST_REDIS_URL, testTrackerConfig } from '../test/tracker-test-harness';
import { AdapterQuotaReader } from './adapter-quota-reader';
import { sandboxOnlyRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';

const AT = new Date('2026-11-29T09:00:00.000Z');

/** Each worker's look keeps the fleet's quota use of each source beside its health (docs/carriers.md, "Source health"). */
describe('the quota in use, kept with the source health', () => {
  let db: TestDatabase;
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix();
  // MAEU's limits in the shared quota, as a worker configured with them holds them (an unreachable address: nothing is asked here).
  const adapters = new ConfigTrackingAdapters(
    {
      ...sandboxOnlyRegistryConfig(1),
      carriers: [{ scac: 'MAEU', kind: 'dcsa', baseUrl: 'http://127.0.0.1:9/tnt', requestsPerMinute: 60, maxConcurrency: 2 }],
    },
    undefined,
    undefined,
    new RedisSourceQuota(redis, prefix),
  );

  beforeAll(async () => {
    db = await createTestDatabase();
    await serveCarriers(db.dataSource, ['MAEU']);
  });

  afterAll(async () => {
    await adapters.onApplicationShutdown();
    await redis.quit();
    await db.drop();
  });

  it('is read from the shared quota and stored as of the look', async () => {
    const repository = new SourceHealthRepository(db.dataSource);
    const config = testTrackerConfig(db.url, prefix);
    await new SourceOutageWatcher(repository, new OperatorNotifier(config), config, new AdapterQuotaReader(adapters)).check(AT);
    const maeu = (await repository.list(AT)).find((view) => view.code === 'MAEU');
    expect(maeu?.quota).toEqual({
      requestsInWindow: 0,
      requestsPerWindow: 60,
      windowMs: expect.any(Number) as number,
      inFlight: 0,
      maxConcurrency: 2,
      pausedUntil: null,
      readAt: AT,
    });
  });
});
