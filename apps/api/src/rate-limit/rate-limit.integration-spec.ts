import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RATE_LIMIT_DETAIL } from '@quayside/domain';
import { REDIS } from '@quayside/platform';
import type Redis from 'ioredis';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';
import { RATE_LIMIT_OPTIONS } from './rate-limit-options';
import type { RateLimitOptions } from './rate-limit-options';

/**
 * One clock for the api processes of a test, moved by hand (µs): no assertion depends on how
 * fast a loaded machine gets through a burst (docs/rate-limits.md; the Redis clock decides in production).
 */
class PlayedClock {
  private readonly start = 1_800_000_000 * 1_000_000;
  private now = this.start;
  readonly micros = (): number => this.now;

  at(seconds: number): void {
    this.now = this.start + Math.round(seconds * 1_000_000);
  }

  drive(...apps: NestFastifyApplication[]): this {
    for (const app of apps) app.get<RateLimitOptions>(RATE_LIMIT_OPTIONS).clockMicros = this.micros;
    return this;
  }
}

/** `count` requests in the default bucket, in order; each status. */
async function burst(apps: NestFastifyApplication[], key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(apps[i % apps.length]!, 'GET', '/v2/account', { key })).status);
  return statuses;
}

function expectExact429(response: InjectResult, maxSeconds: number): number {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  expect(response.json).toEqual({
    errors: [{ status: '429', title: 'Too Many Requests', detail: RATE_LIMIT_DETAIL, code: 'rate_limited' }],
  });
  expect(RATE_LIMIT_DETAIL).toMatch(/exceeded/);
  expect(RATE_LIMIT_DETAIL).toMatch(/fewer requests/);
  expect(RATE_LIMIT_DETAIL).toMatch(/webhooks/);
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
  // Retry-After is the only rate-limit header.
  expect(Object.keys(response.headers).filter((name) => /ratelimit|rate-limit/i.test(name))).toEqual([]);
  return Number(retryAfter);
}

describe('rate limits: per account, rolling window, shared through Redis', () => {
  let ctx: ApiTestContext;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('with the real 60-second window', () => {
    let app: NestFastifyApplication;
    let second: NestFastifyApplication;

    beforeAll(async () => {
      app = await ctx.startApp();
      second = await ctx.startApp();
      // Every request of these tests happens at one instant, however long the machine takes.
      new PlayedClock().drive(app, second);
    });

    it('admits 100 requests and refuses the 101st with the exact 429 and a Retry-After between 1 and 60', async () => {
      const { key } = await ctx.account({ company: 'Busy' });
      expect(await burst([app], key, 100)).toEqual(Array<number>(100).fill(200));
      const refused = await call(app, 'GET', '/v2/account', { key });
      const seconds = expectExact429(refused, 60);
      expect(seconds).toBeGreaterThanOrEqual(1);
    });

    it('counts per account: another account still has its whole budget', async () => {
      const { key } = await ctx.account({ company: 'Quiet' });
      expect(await burst([app], key, 100)).toEqual(Array<number>(100).fill(200));
    });

    it('does not count refused credentials against anyone', async () => {
      const { key } = await ctx.account({ company: 'Careful' });
      // A wrong key of the right shape: its last character changed (a key ending in `x` once made this the key itself).
      const wrong = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
      for (let i = 0; i < 120; i++) expect((await call(app, 'GET', '/v2/account', { key: wrong })).status).toBe(401);
      expect((await call(app, 'GET', '/v2/account', { key })).status).toBe(200);
    });

    it('gives two API processes one shared budget', async () => {
      const { key } = await ctx.account({ company: 'Shared' });
      expect(await burst([app, second], key, 100)).toEqual(Array<number>(100).fill(200));
      expectExact429(await call(second, 'GET', '/v2/account', { key }), 60);
      expectExact429(await call(app, 'GET', '/v2/account', { key }), 60);
    });

    it('keeps the budget exact when the two processes race', async () => {
      const { key } = await ctx.account({ company: 'Racing' });
      const responses = await Promise.all(
        Array.from({ length: 130 }, (_, i) => call(i % 2 === 0 ? app : second, 'GET', '/v2/account', { key })),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(100);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(30);
    });
  });

  // The rolling window in detail (when exactly a slot frees, that refusals do not count) is
  // tested on the limiter in sliding-window-rate-limiter.integration-spec.ts; here, through
  // HTTP, that the 429's Retry-After is honest, for one process and for two sharing a budget.
  describe('Retry-After, on a played clock', () => {
    let app: NestFastifyApplication;
    let second: NestFastifyApplication;

    beforeAll(async () => {
      app = await ctx.startApp();
      second = await ctx.startApp();
    });

    it('a client that waits Retry-After after a 429 is admitted, and not a second earlier', async () => {
      const clock = new PlayedClock().drive(app);
      const { key } = await ctx.account({ company: 'Rolling' });
      expect(await burst([app], key, 100)).toEqual(Array<number>(100).fill(200));
      clock.at(20);
      const retryAfter = expectExact429(await call(app, 'GET', '/v2/account', { key }), 60);
      expect(retryAfter).toBe(40);
      clock.at(20 + retryAfter - 1);
      expectExact429(await call(app, 'GET', '/v2/account', { key }), 1);
      clock.at(20 + retryAfter);
      expect((await call(app, 'GET', '/v2/account', { key })).status).toBe(200);
    });

    it('does the same across two API processes sharing one budget', async () => {
      const clock = new PlayedClock().drive(app, second);
      const { key } = await ctx.account({ company: 'Rolling shared' });
      expect(await burst([app, second], key, 100)).toEqual(Array<number>(100).fill(200));
      clock.at(30);
      const retryAfter = expectExact429(await call(app, 'GET', '/v2/account', { key }), 60);
      expect(expectExact429(await call(second, 'GET', '/v2/account', { key }), 60)).toBe(retryAfter);
      clock.at(30 + retryAfter);
      expect((await call(second, 'GET', '/v2/account', { key })).status).toBe(200);
    });
  });

  describe('when Redis cannot be reached', () => {
    it('falls back to the process’s share by default: limit ÷ RATE_LIMIT_API_PROCESSES, then 429, never unlimited', async () => {
      const app = await ctx.startApp({ RATE_LIMIT_API_PROCESSES: 3 });
      new PlayedClock().drive(app);
      const { key } = await ctx.account({ company: 'Fallback' });
      expect((await call(app, 'GET', '/v2/account', { key })).status).toBe(200);
      // The disconnected client refuses at once: Redis is unreachable, not slow.
      app.get<Redis>(REDIS).disconnect();
      const statuses = await burst([app], key, 110);
      // 100 ÷ 3 = 33 in this process's own window (the request Redis counted is not in it).
      expect(statuses.slice(0, 33)).toEqual(Array<number>(33).fill(200));
      expect(statuses.slice(33)).toEqual(Array<number>(110 - 33).fill(429));
      expectExact429(await call(app, 'GET', '/v2/account', { key }), 60);
    });

    it('fails closed when configured: 503 JSON:API with Retry-After', async () => {
      const app = await ctx.startApp({ RATE_LIMIT_FAIL_MODE: 'closed' });
      const { key } = await ctx.account({ company: 'Closed' });
      expect((await call(app, 'GET', '/v2/account', { key })).status).toBe(200);
      app.get<Redis>(REDIS).disconnect();
      const response = await call(app, 'GET', '/v2/account', { key });
      expect(response.status).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '503', title: 'Service Unavailable' })] });
    });
  });
});
