import fc from 'fast-check';
import { LocalFallbackLimiter } from './local-fallback-limiter';

const SECOND = 1_000_000;

describe('LocalFallbackLimiter: one process’s share while Redis cannot be reached', () => {
  it.each([
    // limit, api processes, share
    [100, 1, 100],
    [100, 3, 33],
    [200, 3, 66],
    [10, 3, 3],
    [10, 20, 1],
    [1, 5, 1],
  ])('limit %i over %i processes: a share of %i', (limit, processes, share) => {
    expect(LocalFallbackLimiter.share(limit, processes)).toBe(share);
  });

  it('never gives the fleet more than the limit when there are at least as many processes as the limit allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100 }), (limit, processes) => {
        const share = LocalFallbackLimiter.share(limit, processes);
        expect(share).toBeGreaterThanOrEqual(1);
        if (limit >= processes) expect(share * processes).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('admits the share in a rolling window, then refuses with the wait until the oldest admission leaves', () => {
    let now = 1_000 * SECOND;
    const limiter = new LocalFallbackLimiter(60 * SECOND, () => now);
    for (let i = 0; i < 3; i++) expect(limiter.consume('a', 3)).toEqual({ allowed: true, remaining: 2 - i });
    now += 20 * SECOND;
    expect(limiter.consume('a', 3)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Another account or bucket has its own share.
    expect(limiter.consume('b', 3).allowed).toBe(true);
    now += 40 * SECOND;
    expect(limiter.consume('a', 3)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.consume('a', 3)).toEqual({ allowed: true, remaining: 1 });
  });

  it('whatever the arrival times, admits at most the share in any window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 5 * SECOND }), { minLength: 1, maxLength: 200 }),
        (share, gaps) => {
          let now = 0;
          const limiter = new LocalFallbackLimiter(10 * SECOND, () => now);
          const admitted: number[] = [];
          for (const gap of gaps) {
            now += gap;
            if (limiter.consume('k', share).allowed) admitted.push(now);
          }
          for (const at of admitted) expect(admitted.filter((t) => t > at - 10 * SECOND && t <= at).length).toBeLessThanOrEqual(share);
        },
      ),
    );
  });
});
