import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { LimitFunction } from 'p-limit';
import { SourceBackoffError } from './source-backoff.error';
import type { SourceGate } from './source-gate';
import type { SourceLimits, SourceQuotaStore, SourceQuotaUsage, SourceRef } from './source-quota';

export interface FleetSourceGateOptions {
  /** A job waits at most this long for a permit; a longer wait puts the job back instead (default 30 s). */
  maxWaitMs?: number;
  /** How often a request waiting for a free slot asks again (default 200 ms, ± half of it). */
  slotPollMs?: number;
}

/**
 * One source's limits held across every worker process: the shared store (Redis) grants each
 * request a start in the rolling window and a slot; p-limit queues this process's own requests,
 * so a process never asks the store for more slots than the whole fleet has. p-limit rather than
 * the former hand-written semaphore: it is small, well kept, and exactly the local queue needed;
 * Bottleneck's Redis mode would have done both parts, but its scripts use keys of many hash slots
 * (not Cluster safe), it has no sliding window, and it has not been released since 2019.
 */
export class FleetSourceGate implements SourceGate {
  private readonly local: LimitFunction;
  private readonly maxWaitMs: number;
  private readonly slotPollMs: number;

  constructor(
    readonly source: SourceRef,
    private readonly limits: SourceLimits,
    private readonly store: SourceQuotaStore,
    options: FleetSourceGateOptions = {},
  ) {
    this.local = pLimit(limits.maxConcurrency);
    this.maxWaitMs = options.maxWaitMs ?? 30_000;
    this.slotPollMs = options.slotPollMs ?? 200;
  }

  run<T>(request: () => Promise<T>): Promise<T> {
    return this.local(async () => {
      const callId = await this.acquire();
      try {
        return await request();
      } finally {
        // Not handed back (Redis away): the lease expires on its own.
        await this.store.release(this.source, callId).catch(() => undefined);
      }
    });
  }

  async pause(ms: number): Promise<SourceBackoffError> {
    const pausedForMs = await this.store.pause(this.source, ms);
    return new SourceBackoffError(this.source, 'paused', pausedForMs);
  }

  usage(): Promise<SourceQuotaUsage> {
    return this.store.usage(this.source, this.limits);
  }

  private async acquire(): Promise<string> {
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      const answer = await this.store.acquire(this.source, this.limits);
      switch (answer.kind) {
        case 'granted':
          return answer.callId;
        case 'paused':
          throw new SourceBackoffError(this.source, 'paused', answer.pausedForMs);
        case 'wait': {
          // Slots free up when a request ends (sooner than the earliest lease expires): ask again
          // soon, at a random moment so that workers do not ask in step; a full window says exactly when.
          const wait = answer.slotsFull
            ? Math.min(answer.waitMs, this.slotPollMs * (0.5 + Math.random()))
            : answer.waitMs + Math.random() * 50;
          if (Date.now() + wait > deadline) throw new SourceBackoffError(this.source, 'quota', Math.max(wait, 1000));
          await sleep(wait);
        }
      }
    }
  }
}
