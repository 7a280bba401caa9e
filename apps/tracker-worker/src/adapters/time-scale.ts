import type { RetryPolicy } from '@quayside/domain';
import { RETRY_POLICY } from '@quayside/domain';

const DAY_MS = 86_400_000;

/**
 * How fast time runs for one carrier's shipments. Real carriers run in real time. Sandbox
 * scenarios play `compression` days per day, so their refresh cadence, retry backoff,
 * manifest re-checks and stop windows shrink by the same factor and a whole lifecycle plays
 * in a demo. The domain rules stay as written; only the durations handed to them change.
 */
export class TimeScale {
  static readonly REAL = new TimeScale(1);

  constructor(readonly compression: number) {
    if (!(compression > 0) || !Number.isFinite(compression))
      throw new RangeError(`time compression must be a positive number, got ${compression}`);
  }

  get dayMs(): number {
    return DAY_MS / this.compression;
  }

  ms(realMs: number): number {
    return realMs / this.compression;
  }

  retryPolicy(base: RetryPolicy = RETRY_POLICY): RetryPolicy {
    if (this.compression === 1) return base;
    const c = this.compression;
    return {
      transient: {
        ...base.transient,
        base_delay_seconds: base.transient.base_delay_seconds / c,
        max_delay_seconds: base.transient.max_delay_seconds / c,
      },
      awaiting_manifest: {
        recheck_interval_seconds: base.awaiting_manifest.recheck_interval_seconds / c,
        expires_after_seconds: base.awaiting_manifest.expires_after_seconds / c,
      },
    };
  }
}
