export const RATE_LIMIT_OPTIONS = Symbol('RATE_LIMIT_OPTIONS');

export interface RateLimitOptions {
  windowMs: number;
  failMode: 'open' | 'closed';
  redisTimeoutMs: number;
}
