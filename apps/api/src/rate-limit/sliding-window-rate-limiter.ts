import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LuaScript } from '@quayside/platform';
import type { LuaScriptClient } from '@quayside/platform';
import { SLIDING_WINDOW_LUA } from './sliding-window.script';

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface SlidingWindowOptions {
  /** Namespace in front of every key, e.g. the deployment's REDIS_PREFIX. */
  prefix: string;
  windowMs: number;
  /**
   * The time in microseconds, for tests that play a clock. Left out in production: the Redis
   * server's own clock then decides, the same for every api process.
   */
  clockMicros?: () => number;
}

const SCRIPT = new LuaScript(SLIDING_WINDOW_LUA);

/** A bucket reserves at most limit / RESERVED_SHARE permits at a time (and MAX_RESERVED): below 2 × RESERVED_SHARE, one per request. */
const RESERVED_SHARE = 500;
const MAX_RESERVED = 64;
/** Reserved permits are spent within window / RESERVATION_LIFETIME_SHARE, or dropped. */
const RESERVATION_LIFETIME_SHARE = 50;
/** Past this many buckets held, spent and expired reservations are swept out. */
const SWEEP_ABOVE = 10_000;

/** Permits this process took from a bucket ahead of its requests. */
interface Reservation {
  permits: number;
  /** What the window had left after the reservation (for `remaining`). */
  leftInWindow: number;
  expiresAtMicros: number;
}

/**
 * Rolling-window limiter shared by every API process through Redis. Throws when Redis cannot
 * be asked; the caller bounds the wait and decides what then (RateLimitGuard).
 *
 * For large limits a process reserves a few permits per round trip and spends them locally
 * (docs/rate-limits.md, "Reserved permits"): the Redis call per request was the largest
 * share of a cached `GET` by id. Limits below 1 000 per window stay exact, one call per request.
 */
export class SlidingWindowRateLimiter {
  private readonly reservations = new Map<string, Reservation>();
  private readonly reserving = new Map<string, Promise<RateLimitDecision>>();

  constructor(
    private readonly redis: LuaScriptClient,
    private readonly options: SlidingWindowOptions,
  ) {}

  /** Permits one Redis call asks for at this limit (1: every request asks Redis itself). */
  static permitsPerCall(limit: number): number {
    return Math.max(1, Math.min(MAX_RESERVED, Math.floor(limit / RESERVED_SHARE)));
  }

  /**
   * One key per account and bucket. The hash tag `{acct:<id>}` puts all of an account's
   * buckets in one Cluster slot, so a future multi-bucket script stays Cluster safe too.
   */
  key(accountId: string, bucket: string): string {
    return `${this.options.prefix}:rl:{acct:${accountId}}:${bucket}`;
  }

  async consume(accountId: string, bucket: string, limit: number): Promise<RateLimitDecision> {
    const key = this.key(accountId, bucket);
    const permits = SlidingWindowRateLimiter.permitsPerCall(limit);
    if (permits === 1) return (await this.ask(key, limit, 1)).decision;
    for (;;) {
      const spent = this.spend(key);
      if (spent) return spent;
      // Requests arriving together wait for one reservation instead of each asking Redis.
      let pending = this.reserving.get(key);
      if (!pending) {
        pending = this.reserve(key, limit, permits).finally(() => this.reserving.delete(key));
        this.reserving.set(key, pending);
      }
      const decision = await pending;
      // Refused: the window is full for every process; nothing is held.
      if (!decision.allowed) return decision;
    }
  }

  private spend(key: string): RateLimitDecision | null {
    const held = this.reservations.get(key);
    if (!held || held.permits === 0 || this.nowMicros() >= held.expiresAtMicros) return null;
    held.permits -= 1;
    return { allowed: true, remaining: held.leftInWindow + held.permits };
  }

  private async reserve(key: string, limit: number, permits: number): Promise<RateLimitDecision> {
    const { decision, granted } = await this.ask(key, limit, permits);
    if (!decision.allowed) return decision;
    if (this.reservations.size > SWEEP_ABOVE) this.sweep();
    const lifetimeMicros = (this.options.windowMs * 1000) / RESERVATION_LIFETIME_SHARE;
    this.reservations.set(key, { permits: granted, leftInWindow: decision.remaining, expiresAtMicros: this.nowMicros() + lifetimeMicros });
    return decision;
  }

  private sweep(): void {
    const now = this.nowMicros();
    for (const [key, held] of this.reservations) if (held.permits === 0 || now >= held.expiresAtMicros) this.reservations.delete(key);
  }

  /** Local time for reservations only; admissions are timed by Redis (or the test's clock). */
  private nowMicros(): number {
    return this.options.clockMicros?.() ?? Math.round(performance.now() * 1000);
  }

  private async ask(key: string, limit: number, permits: number): Promise<{ decision: RateLimitDecision; granted: number }> {
    const args = [
      String(limit),
      String(this.options.windowMs * 1000),
      randomUUID(),
      String(permits),
      ...(this.options.clockMicros ? [String(this.options.clockMicros())] : []),
    ];
    const reply = await this.run(key, args);
    if (!Array.isArray(reply) || reply.length !== 3) throw new Error('Unexpected reply from the rate-limit script');
    const [granted, remaining, waitMicros] = reply.map(Number) as [number, number, number];
    if (granted >= 1) return { decision: { allowed: true, remaining }, granted };
    return { decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMicros / 1_000_000)) }, granted: 0 };
  }

  private run(key: string, args: string[]): Promise<unknown> {
    return SCRIPT.run(this.redis, [key], args);
  }
}
