import { RETRY_POLICY, transientRetryDelaySeconds, transientRetrySchedule } from './retry-policy';

describe('retry policy', () => {
  it('retries transient failures 14 times: 60 s doubling, capped at 12 000 s', () => {
    expect(transientRetrySchedule()).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7680, 12_000, 12_000, 12_000, 12_000, 12_000, 12_000]);
  });

  it('gives up about a day after the first attempt (24 h 15 min)', () => {
    const total = transientRetrySchedule().reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(87_300);
    expect(Math.abs(total - 24 * 3600)).toBeLessThanOrEqual(3600);
  });

  it.each([
    [0, 60],
    [1, 120],
    [7, 7680],
    [8, 12_000],
    [40, 12_000],
  ])('retry %i waits %i s', (index, seconds) => {
    expect(transientRetryDelaySeconds(index)).toBe(seconds);
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses retry index %p', (index) => {
    expect(() => transientRetryDelaySeconds(index)).toThrow(RangeError);
  });

  it('re-checks a missing manifest daily for 7 days', () => {
    expect(RETRY_POLICY.awaiting_manifest).toEqual({ recheck_interval_seconds: 86_400, expires_after_seconds: 604_800 });
  });

  it('is data: a custom policy gives its own schedule', () => {
    expect(transientRetrySchedule({ max_retries: 3, base_delay_seconds: 10, factor: 3, max_delay_seconds: 50 })).toEqual([10, 30, 50]);
    expect(Object.isFrozen(RETRY_POLICY)).toBe(true);
  });
});
