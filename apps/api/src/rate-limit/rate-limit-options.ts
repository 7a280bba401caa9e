export const RATE_LIMIT_OPTIONS = Symbol('RATE_LIMIT_OPTIONS');

import type { RateLimitBucketName } from './rate-limit-buckets';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests per window and bucket; the documented values (docs/rate-limits.md) unless the operator set others. */
  limits: Readonly<Record<RateLimitBucketName, number>>;
  failMode: 'open' | 'closed';
  redisTimeoutMs: number;
  /**
   * Tests play a clock by setting this on the app's RATE_LIMIT_OPTIONS (in microseconds);
   * unset, the Redis server's clock decides, the same for every api process.
   */
  clockMicros?: () => number;
}
