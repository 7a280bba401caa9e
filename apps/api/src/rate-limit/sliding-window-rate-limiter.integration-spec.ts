import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { SlidingWindowRateLimiter } from './sliding-window-rate-limiter';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('SlidingWindowRateLimiter against the real Redis', () => {
  const prefix = `test-rl-${randomUUID()}`;
  const clients: Redis[] = [];
  const client = (): Redis => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
    clients.push(redis);
    return redis;
  };
  const limiter = (windowMs: number, redis = client()): SlidingWindowRateLimiter =>
    new SlidingWindowRateLimiter(redis, { prefix, windowMs });
  /** A clock the test moves by hand (µs), so no assertion depends on how fast the machine is. */
  const playedClock = (): { at: (seconds: number) => void; micros: () => number } => {
    let now = 1_800_000_000 * 1_000_000;
    const start = now;
    return { at: (seconds) => void (now = start + Math.round(seconds * 1_000_000)), micros: () => now };
  };
  const onClock = (windowMs: number, clock: { micros: () => number }, redis = client()): SlidingWindowRateLimiter =>
    new SlidingWindowRateLimiter(redis, { prefix, windowMs, clockMicros: clock.micros });

  afterAll(async () => {
    const redis = client();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('admits 100 requests in a 60-second window and refuses the 101st with a wait between 1 and 60 seconds', async () => {
    const rl = limiter(60_000);
    for (let i = 0; i < 100; i++) {
      expect(await rl.consume('acct-a', 'default', 100)).toEqual({ allowed: true, remaining: 99 - i });
    }
    const refused = await rl.consume('acct-a', 'default', 100);
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('keeps accounts and buckets apart', async () => {
    const rl = limiter(60_000);
    for (let i = 0; i < 10; i++) await rl.consume('acct-b', 'refresh', 10);
    expect((await rl.consume('acct-b', 'refresh', 10)).allowed).toBe(false);
    expect((await rl.consume('acct-b', 'default', 100)).allowed).toBe(true);
    expect((await rl.consume('acct-c', 'refresh', 10)).allowed).toBe(true);
  });

  it('is a rolling window: each admission leaves exactly one window after it entered', async () => {
    const clock = playedClock();
    const rl = onClock(2_000, clock);
    clock.at(0);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(true);
    clock.at(1);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(true);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(true);
    // The first admission leaves at t = 2.0: one second from now.
    expect(await rl.consume('acct-roll', 'default', 3)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.at(1.999);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(false);
    clock.at(2.001);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(true);
    // A fixed window would have reset here; the two admissions of t = 1.0 still count until t = 3.0.
    expect(await rl.consume('acct-roll', 'default', 3)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.at(3.001);
    expect((await rl.consume('acct-roll', 'default', 3)).allowed).toBe(true);
  });

  it('does not count refusals: hammering a full bucket does not push the next admission out', async () => {
    const clock = playedClock();
    const rl = onClock(60_000, clock);
    clock.at(0);
    for (let i = 0; i < 10; i++) await rl.consume('acct-hammer', 'refresh', 10);
    for (let second = 1; second < 60; second += 7) {
      clock.at(second);
      expect(await rl.consume('acct-hammer', 'refresh', 10)).toEqual({ allowed: false, retryAfterSeconds: 60 - second });
    }
    clock.at(60.001);
    expect((await rl.consume('acct-hammer', 'refresh', 10)).allowed).toBe(true);
  });

  it('shares one rolling window between processes: the slot freed for one is taken from all', async () => {
    const clock = playedClock();
    const [first, second] = [onClock(3_000, clock, client()), onClock(3_000, clock, client())];
    clock.at(0);
    expect((await second.consume('acct-roll-shared', 'default', 100)).allowed).toBe(true);
    clock.at(1);
    const burst = await Promise.all(
      Array.from({ length: 99 }, (_, i) => (i % 2 === 0 ? first : second).consume('acct-roll-shared', 'default', 100)),
    );
    expect(burst.every((decision) => decision.allowed)).toBe(true);
    expect(await first.consume('acct-roll-shared', 'default', 100)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    clock.at(3.001);
    expect((await second.consume('acct-roll-shared', 'default', 100)).allowed).toBe(true);
    expect(await first.consume('acct-roll-shared', 'default', 100)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('gives one exact budget to several processes, each with its own connection, even when they race', async () => {
    const processes = [limiter(60_000, client()), limiter(60_000, client()), limiter(60_000, client())];
    const attempts = Array.from({ length: 150 }, (_, i) => processes[i % 3]!.consume('acct-shared', 'default', 100));
    const decisions = await Promise.all(attempts);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(50);
  });

  it('above 1 000 per window, reserves a few permits per Redis call and spends them in this process', async () => {
    const clock = playedClock();
    const redis = client();
    const rl = onClock(60_000, clock, redis);
    const key = rl.key('acct-reserve', 'default');
    clock.at(0);
    expect(SlidingWindowRateLimiter.permitsPerCall(5_000)).toBe(10);
    expect(await rl.consume('acct-reserve', 'default', 5_000)).toEqual({ allowed: true, remaining: 4_999 });
    // The first request took ten permits from the shared window; the next nine cost no call.
    expect(await redis.zcard(key)).toBe(10);
    for (let i = 0; i < 9; i++) expect((await rl.consume('acct-reserve', 'default', 5_000)).allowed).toBe(true);
    expect(await redis.zcard(key)).toBe(10);
    expect((await rl.consume('acct-reserve', 'default', 5_000)).allowed).toBe(true);
    expect(await redis.zcard(key)).toBe(20);
  });

  it('drops reserved permits not spent within a fiftieth of the window: they are never used late', async () => {
    const clock = playedClock();
    const redis = client();
    const rl = onClock(60_000, clock, redis);
    const key = rl.key('acct-reserve-expiry', 'default');
    clock.at(0);
    await rl.consume('acct-reserve-expiry', 'default', 5_000);
    clock.at(1.2);
    await rl.consume('acct-reserve-expiry', 'default', 5_000);
    // 60 s / 50 = 1.2 s: the nine left of the first reservation were dropped, a new one was made.
    expect(await redis.zcard(key)).toBe(20);
  });

  it('never admits more than the limit when processes reserving ahead race for the last permits', async () => {
    const clock = playedClock();
    clock.at(0);
    const processes = [onClock(60_000, clock, client()), onClock(60_000, clock, client()), onClock(60_000, clock, client())];
    const attempts = Array.from({ length: 1_300 }, (_, i) => processes[i % 3]!.consume('acct-reserve-race', 'default', 1_000));
    const admitted = (await Promise.all(attempts)).filter((decision) => decision.allowed).length;
    // Two permits per call at this limit: a process may still hold one unspent when the window fills.
    expect(admitted).toBeLessThanOrEqual(1_000);
    expect(admitted).toBeGreaterThanOrEqual(1_000 - 3);
    // A process holding nothing finds the shared window full.
    expect((await onClock(60_000, clock, client()).consume('acct-reserve-race', 'default', 1_000)).allowed).toBe(false);
  });

  // Whether it is quick is not measured here (a loaded machine would make that flaky): the
  // guard's bounded wait (LimiterCallQueue) is what bounds it.
  it('throws when Redis is unreachable, so the caller can fall back to its share', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    const rl = new SlidingWindowRateLimiter(dead, { prefix, windowMs: 60_000 });
    await expect(rl.consume('acct-d', 'default', 100)).rejects.toThrow();
    dead.disconnect();
  });
});
