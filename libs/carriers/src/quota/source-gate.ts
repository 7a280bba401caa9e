import type { SourceBackoffError } from './source-backoff.error';
import type { SourceQuotaUsage, SourceRef } from './source-quota';

/** The way to one source's door: every request to it passes here (docs/carriers.md, "Limits"). */
export interface SourceGate {
  readonly source: SourceRef;
  /**
   * Runs one request under the source's limits, waiting its turn; throws a `SourceBackoffError`
   * while the source is paused or when its quota is spent for longer than a job should wait.
   */
  run<T>(request: () => Promise<T>): Promise<T>;
  /** The source answered 429 (or 503 with `Retry-After`): every worker leaves it alone `ms`; the error to throw. */
  pause(ms: number): Promise<SourceBackoffError>;
  usage(): Promise<SourceQuotaUsage>;
}
