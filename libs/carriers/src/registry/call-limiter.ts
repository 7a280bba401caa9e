export interface CallLimiterOptions {
  /** Calls in flight at once. */
  maxConcurrency: number;
  /** Calls started per window; omit for no rate limit. */
  requestsPerWindow?: number;
  /** Rolling window length (one minute unless a test shortens it). */
  windowMs?: number;
}

interface Waiter {
  start: () => void;
}

/**
 * A semaphore with a rolling-window start rate: carriers throttle or ban clients that burst,
 * and one slow carrier must not hold the worker's other carriers back (one limiter per carrier).
 */
export class CallLimiter {
  private readonly maxConcurrency: number;
  private readonly requestsPerWindow: number | null;
  private readonly windowMs: number;
  private readonly queue: Waiter[] = [];
  private readonly startedAt: number[] = [];
  private active = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: CallLimiterOptions) {
    if (!Number.isInteger(options.maxConcurrency) || options.maxConcurrency < 1) {
      throw new RangeError(`maxConcurrency must be a positive integer, got ${options.maxConcurrency}`);
    }
    const rate = options.requestsPerWindow;
    if (rate !== undefined && (!Number.isInteger(rate) || rate < 1)) {
      throw new RangeError(`requestsPerWindow must be a positive integer, got ${rate}`);
    }
    this.maxConcurrency = options.maxConcurrency;
    this.requestsPerWindow = rate ?? null;
    this.windowMs = options.windowMs ?? 60_000;
  }

  /** Calls in flight now. */
  get inFlight(): number {
    return this.active;
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        start: () => {
          this.active += 1;
          this.startedAt.push(Date.now());
          task()
            .then(resolve, reject)
            .finally(() => {
              this.active -= 1;
              this.drain();
            });
        },
      });
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.active < this.maxConcurrency) {
      const waitMs = this.rateWaitMs();
      if (waitMs > 0) {
        this.wakeAfter(waitMs);
        return;
      }
      this.queue.shift()?.start();
    }
  }

  private rateWaitMs(): number {
    if (this.requestsPerWindow === null) return 0;
    const now = Date.now();
    while (this.startedAt.length > 0 && (this.startedAt[0] ?? 0) <= now - this.windowMs) this.startedAt.shift();
    if (this.startedAt.length < this.requestsPerWindow) return 0;
    return (this.startedAt[0] ?? now) + this.windowMs - now;
  }

  private wakeAfter(ms: number): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drain();
    }, ms);
  }
}
