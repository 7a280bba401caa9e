import { createHash, randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { SLIDING_WINDOW_LUA } from './sliding-window.script';

export type RateLimitDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

export interface SlidingWindowOptions {
  /** Namespace in front of every key, e.g. the deployment's REDIS_PREFIX. */
  prefix: string;
  windowMs: number;
  /** A Redis call slower than this counts as Redis being unreachable. */
  timeoutMs: number;
  /**
   * The time in microseconds, for tests that play a clock. Left out in production: the Redis
   * server's own clock then decides, the same for every api process.
   */
  clockMicros?: () => number;
}

const SCRIPT_SHA = createHash('sha1').update(SLIDING_WINDOW_LUA).digest('hex');

/**
 * Rolling-window limiter shared by every API process through Redis. Throws when Redis does
 * not answer; the caller decides whether that admits or refuses the request.
 */
export class SlidingWindowRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly options: SlidingWindowOptions,
  ) {}

  /**
   * One key per account and bucket. The hash tag `{acct:<id>}` puts all of an account's
   * buckets in one Cluster slot, so a future multi-bucket script stays Cluster safe too.
   */
  key(accountId: string, bucket: string): string {
    return `${this.options.prefix}:rl:{acct:${accountId}}:${bucket}`;
  }

  async consume(accountId: string, bucket: string, limit: number): Promise<RateLimitDecision> {
    const args = [String(limit), String(this.options.windowMs * 1000), randomUUID(), ...(this.options.clockMicros ? [String(this.options.clockMicros())] : [])];
    const reply = await this.withTimeout(this.run(this.key(accountId, bucket), args));
    if (!Array.isArray(reply) || reply.length !== 3) throw new Error('Unexpected reply from the rate-limit script');
    const [admitted, remaining, waitMicros] = reply.map(Number) as [number, number, number];
    if (admitted === 1) return { allowed: true, remaining };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMicros / 1_000_000)) };
  }

  private async run(key: string, args: string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SCRIPT_SHA, 1, key, ...args);
    } catch (error: unknown) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(SLIDING_WINDOW_LUA, 1, key, ...args);
    }
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
