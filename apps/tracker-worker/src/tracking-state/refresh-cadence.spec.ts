import { DEFAULT_REFRESH_CADENCE, REFRESH_PHASES } from '@quayside/domain';
import fc from 'fast-check';
import { TimeScale } from '../adapters/time-scale';
import { freshUntil, nextRefreshAt } from './refresh-cadence';

const NOW = new Date('2026-08-14T00:00:00.000Z');
const settings = { cadence: DEFAULT_REFRESH_CADENCE, jitterRatio: 0.2, minIntervalMs: 2000 };

describe('refresh cadence', () => {
  it.each([
    [0, 3 * 3600_000 * 0.8],
    [0.5, 3 * 3600_000],
    [1, 3 * 3600_000 * 1.2],
  ])('random %p puts the next refresh %p ms out', (random, offset) => {
    expect(nextRefreshAt(NOW, TimeScale.REAL, settings, 'unknown', () => random).getTime() - NOW.getTime()).toBe(offset);
  });

  it('always lands within ±jitter of one interval', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (r) => {
        const offset = nextRefreshAt(NOW, TimeScale.REAL, settings, 'unknown', () => r).getTime() - NOW.getTime();
        expect(offset).toBeGreaterThanOrEqual(3 * 3600_000 * 0.8);
        expect(offset).toBeLessThanOrEqual(3 * 3600_000 * 1.2);
      }),
    );
  });

  it.each([
    ['waiting_for_pickup', 2],
    ['last_free_day_near', 1],
    ['on_water', 12],
  ] as const)('a shipment in phase %s is asked again %s h out (no jitter drawn)', (phase, hours) => {
    expect(nextRefreshAt(NOW, TimeScale.REAL, settings, phase, () => 0.5).getTime() - NOW.getTime()).toBe(hours * 3600_000);
  });

  it('a compressed sandbox clock refreshes faster, but never below the floor', () => {
    expect(nextRefreshAt(NOW, new TimeScale(100), settings, 'unknown', () => 0.5).getTime() - NOW.getTime()).toBe(108_000);
    expect(nextRefreshAt(NOW, new TimeScale(17_280), settings, 'unknown', () => 0.5).getTime() - NOW.getTime()).toBe(2000);
  });

  it.each([
    ['unknown phase, real time', TimeScale.REAL, 'unknown', 0, 3 * 3600_000 * 1.2],
    ['on the water, with a tick and a lease of grace', TimeScale.REAL, 'on_water', 125_000, 12 * 3600_000 * 1.2 + 125_000],
    ['last free day near', TimeScale.REAL, 'last_free_day_near', 0, 3600_000 * 1.2],
    ['a sandbox at 100×', new TimeScale(100), 'unknown', 0, 108_000 * 1.2],
    ['a sandbox at the floor', new TimeScale(17_280), 'last_free_day_near', 1000, 2000 + 1000],
  ] as const)(
    'data fetched now is fresh for the latest interval of its phase plus the grace: %s',
    (_case, scale, phase, graceMs, offset) => {
      expect(freshUntil(NOW, scale, settings, phase, graceMs).getTime() - NOW.getTime()).toBe(offset);
    },
  );

  it("is never stale before the cadence's next refresh is due, whatever the phase and the jitter", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...REFRESH_PHASES),
        (r, compression, phase) => {
          const scale = new TimeScale(compression);
          expect(nextRefreshAt(NOW, scale, settings, phase, () => r).getTime()).toBeLessThanOrEqual(
            freshUntil(NOW, scale, settings, phase, 0).getTime(),
          );
        },
      ),
    );
  });
});
