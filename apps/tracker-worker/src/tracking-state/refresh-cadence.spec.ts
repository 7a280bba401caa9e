import fc from 'fast-check';
import { TimeScale } from '../adapters/time-scale';
import { nextRefreshAt } from './refresh-cadence';

const NOW = new Date('2026-08-14T00:00:00.000Z');
const settings = { intervalSeconds: 3 * 3600, jitterRatio: 0.2, minIntervalMs: 2000 };

describe('refresh cadence', () => {
  it.each([
    [0, 3 * 3600_000 * 0.8],
    [0.5, 3 * 3600_000],
    [1, 3 * 3600_000 * 1.2],
  ])('random %p puts the next refresh %p ms out', (random, offset) => {
    expect(nextRefreshAt(NOW, TimeScale.REAL, settings, () => random).getTime() - NOW.getTime()).toBe(offset);
  });

  it('always lands within ±jitter of one interval', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (r) => {
        const offset = nextRefreshAt(NOW, TimeScale.REAL, settings, () => r).getTime() - NOW.getTime();
        expect(offset).toBeGreaterThanOrEqual(3 * 3600_000 * 0.8);
        expect(offset).toBeLessThanOrEqual(3 * 3600_000 * 1.2);
      }),
    );
  });

  it('a compressed sandbox clock refreshes faster, but never below the floor', () => {
    expect(nextRefreshAt(NOW, new TimeScale(100), settings, () => 0.5).getTime() - NOW.getTime()).toBe(108_000);
    expect(nextRefreshAt(NOW, new TimeScale(17_280), settings, () => 0.5).getTime() - NOW.getTime()).toBe(2000);
  });
});
