import fc from 'fast-check';
import { CallLimiter } from './call-limiter';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('CallLimiter', () => {
  it('never runs more calls at once than allowed, and runs them all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        async (max, delays) => {
          const limiter = new CallLimiter({ maxConcurrency: max });
          let running = 0;
          let peak = 0;
          const results = await Promise.all(
            delays.map((delay, i) =>
              limiter.run(async () => {
                running += 1;
                peak = Math.max(peak, running);
                await sleep(delay);
                running -= 1;
                return i;
              }),
            ),
          );
          expect(results).toEqual(delays.map((_d, i) => i));
          expect(peak).toBeLessThanOrEqual(max);
          expect(limiter.inFlight).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('passes a failure to its caller and frees the slot for the next call', async () => {
    const limiter = new CallLimiter({ maxConcurrency: 1 });
    const failing = limiter.run(() => Promise.reject(new Error('carrier down')));
    const next = limiter.run(async () => 'ran');
    await expect(failing).rejects.toThrow('carrier down');
    await expect(next).resolves.toBe('ran');
  });

  it('starts no more calls per window than the rate allows', async () => {
    const limiter = new CallLimiter({ maxConcurrency: 10, requestsPerWindow: 2, windowMs: 300 });
    const origin = Date.now();
    const startedAt = await Promise.all([1, 2, 3, 4, 5].map(() => limiter.run(async () => Date.now() - origin)));
    const sorted = [...startedAt].sort((a, b) => a - b);
    expect(sorted.slice(0, 2).every((t) => t < 150)).toBe(true);
    expect(sorted[2]).toBeGreaterThanOrEqual(290);
    expect(sorted[4]).toBeGreaterThanOrEqual(590);
  });

  it.each([[{ maxConcurrency: 0 }], [{ maxConcurrency: 1.5 }], [{ maxConcurrency: 1, requestsPerWindow: 0 }]])(
    'refuses the settings %j',
    (options) => {
      expect(() => new CallLimiter(options)).toThrow(RangeError);
    },
  );
});
