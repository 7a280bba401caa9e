export const RATE_LIMIT_OPTIONS = Symbol('RATE_LIMIT_OPTIONS');

import type { RateLimitBucketName } from './rate-limit-buckets';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests per window and bucket; the documented values (docs/rate-limits.md) unless the operator set others. */
  limits: Readonly<Record<RateLimitBucketName, number>>;
  failMode: 'open' | 'closed';
  redisTimeoutMs: number;
}
