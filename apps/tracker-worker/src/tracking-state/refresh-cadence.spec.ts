import { DEFAULT_REFRESH_CADENCE } from '@quayside/domain';
import fc from 'fast-check';
import { TimeScale } from '../adapters/time-scale';
import { nextRefreshAt } from './refresh-cadence';

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
});
