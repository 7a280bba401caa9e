import pLimit from 'p-limit';
import type { LimitFunction } from 'p-limit';
import { SourceBackoffError } from './source-backoff.error';
import type { SourceGate } from './source-gate';
import type { SourceQuotaUsage, SourceRef } from './source-quota';

/**
 * A source's concurrency held in this process only, for a registry built without the shared
 * store (unit tests, tools): no rate limit (the registry refuses `requestsPerMinute` without the
 * store) and a pause that holds only for the request that met it.
 */
export class LocalSourceGate implements SourceGate {
  private readonly local: LimitFunction;

  constructor(
    readonly source: SourceRef,
    private readonly maxConcurrency: number,
  ) {
    this.local = pLimit(maxConcurrency);
  }

  run<T>(request: () => Promise<T>): Promise<T> {
    return this.local(request);
  }

  pause(ms: number): Promise<SourceBackoffError> {
    return Promise.resolve(new SourceBackoffError(this.source, 'paused', ms));
  }

  usage(): Promise<SourceQuotaUsage> {
    return Promise.resolve({
      requestsInWindow: 0,
      requestsPerWindow: null,
      windowMs: 0,
      inFlight: this.local.activeCount,
      maxConcurrency: this.maxConcurrency,
      pausedForMs: 0,
    });
  }
}
