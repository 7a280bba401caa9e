/** docs/rate-limits.md: requests per rolling window, per account and bucket. */
export const RATE_LIMIT_BUCKETS = {
  default: 100,
  create_tracking_request: 100,
  infer_number: 200,
  refresh: 10,
} as const;

export type RateLimitBucketName = keyof typeof RATE_LIMIT_BUCKETS;
