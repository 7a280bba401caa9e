import type { SourceErrorClass } from '@quayside/domain';
import type { SourceRef } from './source-quota';

/**
 * A source cannot be asked now, for every worker: it asked to be left alone (429, `Retry-After`)
 * or its quota is spent for longer than a job should wait. The job that met it is put back until
 * `retryAt` without spending an attempt (docs/carriers.md, "Limits").
 */
export class SourceBackoffError extends Error {
  readonly retryAt: Date;
  /**
   * Set when the source itself just answered "wait" (its 429, or a 503 with `Retry-After`): that
   * call failed, and the source's health records it with this class. Null when nothing was asked.
   */
  answeredWith: SourceErrorClass | null = null;

  constructor(
    readonly source: SourceRef,
    readonly reason: 'paused' | 'quota',
    waitMs: number,
    now: Date = new Date(),
  ) {
    super(
      `${source.kind} ${source.code}: ${reason === 'paused' ? 'paused by the source' : 'quota spent'} for ${Math.ceil(waitMs / 1000)} s`,
    );
    this.name = 'SourceBackoffError';
    this.retryAt = new Date(now.getTime() + waitMs);
  }
}
