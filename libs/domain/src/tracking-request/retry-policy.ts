/**
 * How long the service keeps trying a tracking request, as data.
 *
 * Transient carrier failures (`unrecognized_response`, `shipping_line_unreachable`,
 * `internal_processing_error`) are retried up to 14 times with exponential backoff: 60 s
 * doubling per retry, capped at 12 000 s (3 h 20 min). The 14 delays are
 * 1, 2, 4, 8, 16, 32 min, 1 h 4 min, 2 h 8 min, then 6 × 3 h 20 min, which add up to
 * 87 300 s = 24 h 15 min, so a request fails with `retries_exhausted` about a day after it was
 * created. No jitter here: the queue layer may add its own; the domain stays deterministic.
 *
 * A bill of lading or booking number the carrier has not manifested yet waits in
 * `awaiting_manifest`, is re-checked once a day, and fails with `expired` once it has waited
 * 7 days.
 */
export interface TransientRetryPolicy {
  readonly max_retries: number;
  readonly base_delay_seconds: number;
  readonly factor: number;
  readonly max_delay_seconds: number;
}

export interface ManifestRetryPolicy {
  readonly recheck_interval_seconds: number;
  readonly expires_after_seconds: number;
}

export interface RetryPolicy {
  readonly transient: TransientRetryPolicy;
  readonly awaiting_manifest: ManifestRetryPolicy;
}

const DAY_SECONDS = 24 * 60 * 60;

export const RETRY_POLICY: RetryPolicy = Object.freeze({
  transient: Object.freeze({ max_retries: 14, base_delay_seconds: 60, factor: 2, max_delay_seconds: 12_000 }),
  awaiting_manifest: Object.freeze({ recheck_interval_seconds: DAY_SECONDS, expires_after_seconds: 7 * DAY_SECONDS }),
});

/** Delay before retry number `retryIndex` (0 = the first retry), in seconds. */
export function transientRetryDelaySeconds(retryIndex: number, policy: TransientRetryPolicy = RETRY_POLICY.transient): number {
  if (!Number.isInteger(retryIndex) || retryIndex < 0)
    throw new RangeError(`retry index must be a non-negative integer, got ${retryIndex}`);
  return Math.min(policy.base_delay_seconds * policy.factor ** retryIndex, policy.max_delay_seconds);
}

/**
 * The whole schedule: one delay per allowed retry, in order.
 * @internal Exported for tests: tests assert the whole schedule.
 */
export function transientRetrySchedule(policy: TransientRetryPolicy = RETRY_POLICY.transient): readonly number[] {
  return Array.from({ length: policy.max_retries }, (_unused, index) => transientRetryDelaySeconds(index, policy));
}
