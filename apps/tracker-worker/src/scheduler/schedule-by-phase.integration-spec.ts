import { RedisSourceQuota } from '@quayside/carriers';
import { CarrierShipmentEntity } from '@quayside/data-access';
import type { RefreshPhase } from '@quayside/domain';
import { testRedisPrefix } from '@quayside/testing';
import Redis from 'ioredis';
import { ConfigTrackingAdapters } from '../adapters/config-tracking-adapters';
import { TEST_REDIS_URL, TrackerTestHarness } from '../test/tracker-test-harness';
import { ScheduleRefreshesService } from './schedule-refreshes.service';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const minutesAgo = (minutes: number): Date => new Date(NOW.getTime() - minutes * 60_000);

/**
 * A carrier whose `requestsPerMinute` (12) allows one request per 5-second tick: each tick claims
 * one of its due shipments, the most urgent phase first (then the longest due); a carrier without
 * a rate limit has all its due shipments claimed at once (docs/tracking-requests.md, "Refresh cadence").
 */
describe('the scheduler, when a carrier quota is the bottleneck', () => {
  const redis = new Redis(TEST_REDIS_URL);
  let harness: TrackerTestHarness;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const adapters = new ConfigTrackingAdapters(
      {
        carriers: [
          { scac: 'DCSA', kind: 'dcsa', baseUrl: 'http://127.0.0.1:9', requestsPerMinute: 12 },
          { scac: 'TEST', kind: 'sandbox' },
        ],
        terminals: [],
        rail: [],
        sandbox: { clockCompression: 1 },
      },
      undefined,
      undefined,
      new RedisSourceQuota(redis, testRedisPrefix()),
    );
    harness = await TrackerTestHarness.create([ScheduleRefreshesService], { SCHEDULER_TICK_MS: 5000 }, adapters);
    const rows: Array<[string, string, RefreshPhase | null, number]> = [
      ['mid-ocean, due longest', 'DCSA', 'on_water', 90],
      ['nothing known yet', 'DCSA', null, 60],
      ['discharged, waiting', 'DCSA', 'waiting_for_pickup', 30],
      ['last free day tomorrow, due last', 'DCSA', 'last_free_day_near', 1],
      ['sandbox, mid-ocean', 'TEST', 'on_water', 10],
      ['sandbox, arriving', 'TEST', 'arriving', 5],
    ];
    for (const [label, scac, phase, due] of rows) {
      const saved = await harness.db.dataSource.getRepository(CarrierShipmentEntity).save({
        shipping_line_scac: scac,
        normalized_number: label.replace(/\W/g, '').toUpperCase(),
        query_type: 'bill_of_lading',
        query_number: label.replace(/\W/g, '').toUpperCase(),
        tracking_since: minutesAgo(1000),
        next_refresh_at: minutesAgo(due),
        refresh_phase: phase,
      });
      ids.set(saved.id, label);
    }
  });

  afterAll(async () => {
    await harness.close();
    await redis.quit();
  });

  const tick = async (): Promise<string[]> =>
    (await harness.module.get(ScheduleRefreshesService).tick(NOW, () => 0.5)).enqueued.map((id) => ids.get(id) ?? id).sort();

  it('claims one of the limited carrier per tick, most urgent phase first; the unlimited carrier all at once', async () => {
    expect(await tick()).toEqual(['last free day tomorrow, due last', 'sandbox, arriving', 'sandbox, mid-ocean']);
    expect(await tick()).toEqual(['discharged, waiting']);
    expect(await tick()).toEqual(['nothing known yet']);
    expect(await tick()).toEqual(['mid-ocean, due longest']);
    expect(await tick()).toEqual([]);
  });

  it('moved each claimed shipment one interval of its known phase out', async () => {
    const rows = await harness.db.dataSource.getRepository(CarrierShipmentEntity).find();
    const hoursOut = new Map(rows.map((r) => [ids.get(r.id), (r.next_refresh_at!.getTime() - NOW.getTime()) / 3_600_000]));
    expect(hoursOut.get('last free day tomorrow, due last')).toBe(1);
    expect(hoursOut.get('discharged, waiting')).toBe(2);
    expect(hoursOut.get('nothing known yet')).toBe(3);
    expect(hoursOut.get('mid-ocean, due longest')).toBe(12);
  });
});
