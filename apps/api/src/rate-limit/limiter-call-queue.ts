/** How a limiter call ended: Redis answered, the call was shed, or Redis could not be asked. */
export type LimiterCallOutcome<T> =
  { kind: 'answered'; value: T } | { kind: 'shed'; reason: 'queue_full' | 'too_slow' } | { kind: 'failed'; error: unknown };

export interface LimiterCallQueueOptions {
  /** Limiter calls of this process that may wait for Redis at once; one more is shed at once. */
  maxPending: number;
  /** An answer slower than this is given up on (the call is shed: the limiter refuses, never admits). */
  timeoutMs: number;
}

/**
 * Bounds the rate-limit checks an api process waits on (docs/rate-limits.md, "Under a burst").
 * A slow Redis answer is waited for: on a busy machine the process, not Redis, is what is slow,
 * and treating slowness as an outage is what once let a burst through unlimited. The wait is
 * bounded twice — by the number of checks waiting (past it a check is shed at once) and by a
 * generous timeout — and a shed check refuses its request, so the queue cannot grow without
 * bound and nothing is ever admitted without a count.
 */
export class LimiterCallQueue {
  private waiting = 0;

  constructor(private readonly options: LimiterCallQueueOptions) {}

  /** Checks waiting for Redis right now. */
  get pending(): number {
    return this.waiting;
  }

  async run<T>(call: () => Promise<T>): Promise<LimiterCallOutcome<T>> {
    if (this.waiting >= this.options.maxPending) return { kind: 'shed', reason: 'queue_full' };
    this.waiting += 1;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<LimiterCallOutcome<T>>((resolve) => {
      // The timer fires in the event loop's timer phase, before the poll phase reads sockets: on a
      // process busy for longer than the timeout, an answer already received would lose the race.
      // Deciding in the check phase, after one more poll, lets an answer that is there win.
      timer = setTimeout(() => setImmediate(() => resolve({ kind: 'shed', reason: 'too_slow' })), this.options.timeoutMs);
    });
    const answered = call().then(
      (value): LimiterCallOutcome<T> => ({ kind: 'answered', value }),
      (error: unknown): LimiterCallOutcome<T> => ({ kind: 'failed', error }),
    );
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
      this.waiting -= 1;
    }
  }
}
