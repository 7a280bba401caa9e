import { RedisSourceQuota } from '@quayside/carriers';
import { OutboxEntity } from '@quayside/data-access';
import { RecordingServer, testRedisPrefix } from '@quayside/testing';
import Redis from 'ioredis';
import { ConfigTrackingAdapters } from '../adapters/config-tracking-adapters';
import { TEST_REDIS_URL, TrackerTestHarness } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from './track-request.use-case';

/**
 * A DCSA carrier answering 429 with `Retry-After: 30`: the attempt that met it and every attempt
 * after it are put back until the pause ends (their outbox rows deferred), the carrier is not
 * asked again, and no request spends an attempt or fails (docs/carriers.md, "Limits").
 */
describe('tracking requests for a carrier that asked to be left alone', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix();
  let carrier: RecordingServer;
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    carrier = await RecordingServer.start((_request, response) => {
      response.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' }).end('{}');
    });
    const adapters = new ConfigTrackingAdapters(
      {
        carriers: [{ scac: 'DCSA', kind: 'dcsa', baseUrl: carrier.baseUrl, requestsPerMinute: 60, maxConcurrency: 2 }],
        terminals: [],
        rail: [],
        sandbox: { clockCompression: 1 },
      },
      undefined,
      undefined,
      new RedisSourceQuota(redis, prefix),
    );
    harness = await TrackerTestHarness.create([TrackRequestUseCase], {}, adapters);
  });

  afterAll(async () => {
    await harness.close();
    await carrier.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('defers every attempt to the end of the pause without spending one, asking the carrier once', async () => {
    const account = await harness.account();
    const before = Date.now();
    const requests = [
      await harness.trackingRequest(account, 'APZU4812090', new Date(), 'container', 'DCSA'),
      await harness.trackingRequest(account, 'HHL71800000', new Date(), 'bill_of_lading', 'DCSA'),
    ];
    for (const { id, outboxId } of requests) {
      const result = await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId });
      expect(result).toMatchObject({ status: 'deferred' });
      const until = (result as { until: Date }).until.getTime();
      expect(until).toBeGreaterThanOrEqual(before + 29_000);
      const row = await harness.db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: outboxId });
      expect(row.completed_at).toBeNull();
      expect(row.available_at.getTime()).toBe(until);
      expect(await harness.request(id)).toMatchObject({ status: 'pending', retry_count: 0, failed_reason: null, is_retrying: false });
    }
    expect(carrier.requests).toHaveLength(1);
  });
});
