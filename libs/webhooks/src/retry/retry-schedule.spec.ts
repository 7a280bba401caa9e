import fc from 'fast-check';
import { WEBHOOK_MAX_RETRIES, WEBHOOK_RETRY_DELAYS_MS, nextRetry, parseRetryAfter } from './retry-schedule';

const MIN = 60_000;
const middle = () => 0.5;

describe('webhook retry schedule', () => {
  it('spreads 12 retries over about three days', () => {
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, d) => sum + d, 0);
    expect(WEBHOOK_RETRY_DELAYS_MS).toHaveLength(12);
    expect(total / (24 * 60 * MIN)).toBeCloseTo(2.84, 2);
  });

  it.each([
    [1, 1 * MIN],
    [2, 2 * MIN],
    [6, 32 * MIN],
    [12, 2048 * MIN],
  ])('after attempt %i waits the nominal %i ms at the middle of the jitter', (attemptsMade, delay) => {
    expect(nextRetry({ attemptsMade, failure: 'other', random: middle })).toEqual({
      retry: true,
      retryNumber: attemptsMade,
      delayMs: delay,
    });
  });

  it('gives up after the 12th retry failed', () => {
    expect(nextRetry({ attemptsMade: WEBHOOK_MAX_RETRIES + 1, failure: 'other' })).toEqual({ retry: false });
  });

  it('keeps every wait within ±20% of nominal and grows with the attempt number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attemptsMade, r) => {
        const decision = nextRetry({ attemptsMade, failure: 'other', random: () => r });
        if (!decision.retry) throw new Error('expected a retry');
        const nominal = WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1]!;
        expect(decision.delayMs).toBeGreaterThanOrEqual(Math.floor(nominal * 0.8));
        expect(decision.delayMs).toBeLessThanOrEqual(Math.ceil(nominal * 1.2));
      }),
    );
  });

  it.each<[string, 'rate-limited' | 'timeout' | 'other', number | null, number]>([
    ['a 429 without Retry-After waits at least a minute', 'rate-limited', null, MIN],
    ['a timeout waits at least a minute', 'timeout', null, MIN],
    ['a 429 honours a longer Retry-After', 'rate-limited', 10 * MIN, 10 * MIN],
    ['a 429 with a short Retry-After still waits the minute', 'rate-limited', 5_000, MIN],
    ['a Retry-After of a week is capped at six hours', 'rate-limited', 7 * 24 * 60 * MIN, 360 * MIN],
    ['a plain failure ignores the minute floor', 'other', null, 0.8 * MIN],
  ])('%s', (_case, failure, retryAfterMs, expected) => {
    expect(nextRetry({ attemptsMade: 1, failure, retryAfterMs, random: () => 0 })).toMatchObject({ delayMs: expected });
  });

  it('compresses every wait by the configured scale', () => {
    expect(nextRetry({ attemptsMade: 12, failure: 'other', random: middle, scale: 0.0001 })).toMatchObject({ delayMs: 12288 });
  });

  it.each([
    ['120', 120_000],
    ['Fri, 14 Aug 2026 09:35:20 GMT', 120_000],
    ['Fri, 14 Aug 2026 09:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %p', (value, expected) => {
    expect(parseRetryAfter(value, new Date('2026-08-14T09:33:20Z'))).toBe(expected);
  });
});
