import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/** Up to this many matching rows, a list's total is counted on every request (a bounded scan). */
export const EXACT_TOTAL_BOUND = 1000;
/** Above the bound, a list's total is counted at most once per this many milliseconds per process. */
export const LARGE_TOTAL_TTL_MS = 60_000;

/**
 * Totals of large lists, so that a page's price does not grow with the account
 * (docs/json-api.md, "Pagination"). A total above `EXACT_TOTAL_BOUND` is counted once and kept
 * for `LARGE_TOTAL_TTL_MS` under the exact SQL and parameters of its count: a different filter
 * is a different entry, and nothing needs invalidating by hand — a kept total is at most a minute
 * old, which is what docs/json-api.md promises. Per process; each api process counts for itself.
 */
@Injectable()
export class ListTotals {
  private cache = ListTotals.cacheOn(() => performance.now());

  /** For tests that play the clock. */
  static withClock(now: () => number): ListTotals {
    const totals = new ListTotals();
    totals.cache = ListTotals.cacheOn(now);
    return totals;
  }

  private static cacheOn(now: () => number): LRUCache<string, number> {
    // ttlResolution 0: read the clock on every lookup rather than caching it for a millisecond.
    return new LRUCache<string, number>({ max: 5_000, ttl: LARGE_TOTAL_TTL_MS, ttlResolution: 0, perf: { now } });
  }

  async largeTotal(key: string, count: () => Promise<number>): Promise<number> {
    const kept = this.cache.get(key);
    if (kept !== undefined) return kept;
    const counted = await count();
    this.cache.set(key, counted);
    return counted;
  }
}
