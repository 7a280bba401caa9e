export const RATE_LIMIT_OPTIONS = Symbol('RATE_LIMIT_OPTIONS');

import type { RateLimitBucketName } from './rate-limit-buckets';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests per window and bucket; the documented values (docs/rate-limits.md) unless the operator set others. */
  limits: Readonly<Record<RateLimitBucketName, number>>;
  /** When Redis cannot be reached: `local` keeps each process to its share, `closed` refuses (503). */
  failMode: 'local' | 'closed';
  /** The api processes expected to run: each one's share of a limit while Redis cannot be reached. */
  apiProcesses: number;
  /** Rate-limit checks a process waits on at once; past it a request is shed (503 with Retry-After). */
  maxPending: number;
  /** How long a check waits for Redis's answer before the request is shed. */
  redisTimeoutMs: number;
  /**
   * Tests play a clock by setting this on the app's RATE_LIMIT_OPTIONS (in microseconds);
   * unset, the Redis server's clock decides, the same for every api process.
   */
  clockMicros?: () => number;
}
