import type { RateLimitDecision } from './sliding-window-rate-limiter';

/** Past this many buckets held, buckets with nothing left in their window are swept out. */
const SWEEP_ABOVE = 10_000;

/**
 * The limit one api process keeps on its own while Redis cannot be reached (docs/rate-limits.md,
 * "When Redis cannot be reached"): the same rolling window, in this process's memory, at the
 * process's share of the limit. With the share set to limit ÷ api processes, the fleet admits
 * about the limit in all; it is never unlimited.
 */
export class LocalFallbackLimiter {
  /** Admission times (µs) per account and bucket, oldest first. */
  private readonly logs = new Map<string, number[]>();

  constructor(
    private readonly windowMicros: number,
    private readonly nowMicros: () => number,
  ) {}

  /** A process's share: the limit divided by the api processes expected, at least one request. */
  static share(limit: number, processes: number): number {
    return Math.max(1, Math.floor(limit / processes));
  }

  consume(key: string, share: number): RateLimitDecision {
    const now = this.nowMicros();
    if (this.logs.size > SWEEP_ABOVE) this.sweep(now);
    const log = this.logs.get(key) ?? [];
    while (log.length > 0 && log[0]! <= now - this.windowMicros) log.shift();
    if (log.length >= share) {
      // The entry that keeps the bucket full is the share-th newest.
      const blocking = log[log.length - share]!;
      this.logs.set(key, log);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((blocking + this.windowMicros - now) / 1_000_000)) };
    }
    log.push(now);
    this.logs.set(key, log);
    return { allowed: true, remaining: share - log.length };
  }

  private sweep(now: number): void {
    for (const [key, log] of this.logs) if ((log.at(-1) ?? 0) <= now - this.windowMicros) this.logs.delete(key);
  }
}
