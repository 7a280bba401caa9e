import type { EndpointLease, EndpointSemaphoreService } from './endpoint-semaphore.service';

/** One delivery waiting for a slot of its endpoint. */
export interface LaneTask {
  /** Posts (and hands the answer to the recorder without waiting for it); never throws. */
  post(): Promise<void>;
  /** No slot for it soon: postpone it durably (for at least `delayMs`, when given: when a slot is expected to be free). */
  busy(delayMs?: number): void;
}

interface Queued {
  task: LaneTask;
  queuedAt: number;
}

interface Lane {
  queue: Queued[];
  workers: number;
  acquiring: number;
  /** One per worker: the start of its post in flight (0 between posts), to see an endpoint hanging before it answers. */
  inFlight: Set<{ startedAt: number }>;
  /** Moving average of the endpoint's answer time, ms. */
  latencyMs: number;
}

export interface EndpointLanesOptions {
  /** Slots per endpoint (across every dispatcher). */
  cap: number;
  /** An endpoint whose answers take this long (or one post has been waiting this long) is slow. */
  slowMs: number;
  /** A delivery expected to wait longer than this for a slow endpoint is postponed instead. */
  maxWaitMs: number;
  /** A worker gives its lease back after this long and takes a new one (leases expire in Redis). */
  leaseHoldMs: number;
  /** The longest a slow endpoint's delivery is postponed by its pacing: what waits longer comes back at this interval. */
  maxPostponeMs: number;
  /** The clock (ms), for tests; Date.now by default. */
  now?: () => number;
}

/**
 * Deliveries in process, one lane per endpoint. A lane takes leases from the endpoint semaphore
 * (as many as its queue can use, up to the cap, in one call), and each lease is a worker posting
 * the lane's deliveries one after the other, so a fast endpoint keeps its slots busy back to back
 * without a Redis round trip per delivery. A lane whose endpoint is slow (answers, or a post in
 * flight, taking `slowMs` or more) accepts only what its slots can post within `maxWaitMs`, and
 * what has waited longer is postponed, so a slow receiver holds its own slots and little else.
 *
 * What a slow endpoint cannot take is postponed to when a slot is expected to be free, one
 * answer time ÷ cap after the one postponed before it (up to `maxPostponeMs`), not all to the
 * same moment: with a backlog of thousands, every one of them came back each
 * WEBHOOK_ENDPOINT_BUSY_DELAY_MS (read, postponed, written and claimed again) while the endpoint
 * could take a few, which was work taken from every other endpoint's deliveries.
 */
export class EndpointLanes {
  private readonly lanes = new Map<string, Lane>();
  /** Per slow endpoint, when the last delivery postponed by its pacing is due (ms); outlives its lane. */
  private readonly paced = new Map<string, number>();
  private readonly now: () => number;
  /** Postpones what waited too long behind an endpoint that hangs (its workers stuck in a post). */
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly semaphore: Pick<EndpointSemaphoreService, 'acquireMany'>,
    private readonly options: EndpointLanesOptions,
  ) {
    this.now = options.now ?? Date.now;
    // Often enough to notice, soon after slowMs, an endpoint hanging on its first posts: until
    // then its lane took everything, and the batches behind it wait on it.
    this.sweeper = setInterval(
      () => {
        for (const [webhookId, lane] of this.lanes) this.sweep(webhookId, lane);
        const now = this.now();
        for (const [webhookId, dueAt] of this.paced) if (dueAt < now) this.paced.delete(webhookId);
      },
      Math.min(options.maxWaitMs, options.slowMs / 2),
    );
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  submit(webhookId: string, tasks: readonly LaneTask[]): void {
    let lane = this.lanes.get(webhookId);
    if (!lane) {
      lane = { queue: [], workers: 0, acquiring: 0, inFlight: new Set(), latencyMs: 0 };
      this.lanes.set(webhookId, lane);
    }
    // A fast endpoint takes everything: its queue drains at full speed, and postponing would
    // only add work. A slow one takes what its slots can post within maxWaitMs.
    const latency = this.latency(lane);
    const slow = latency >= this.options.slowMs;
    const slots = Math.max(1, Math.min(this.options.cap, lane.workers + lane.acquiring + tasks.length));
    const now = this.now();
    for (const task of tasks) {
      if (slow && (lane.queue.length * latency) / slots > this.options.maxWaitMs) this.postpone(webhookId, task, latency);
      else lane.queue.push({ task, queuedAt: now });
    }
    this.grow(webhookId, lane);
  }

  /** Whether the endpoint's deliveries are expected to take `thresholdMs` (by default `slowMs`) or more (false for one without a lane here). */
  isSlow(webhookId: string, thresholdMs = this.options.slowMs): boolean {
    const lane = this.lanes.get(webhookId);
    return lane !== undefined && this.latency(lane) >= thresholdMs;
  }

  /** What the next delivery is expected to take: the average answer, or longer if a post has been waiting longer. */
  private latency(lane: Lane): number {
    const now = this.now();
    let oldest = 0;
    for (const post of lane.inFlight) if (post.startedAt > 0) oldest = Math.max(oldest, now - post.startedAt);
    return Math.max(lane.latencyMs, oldest);
  }

  private grow(webhookId: string, lane: Lane): void {
    const wanted = Math.min(this.options.cap, lane.queue.length) - lane.workers - lane.acquiring;
    if (wanted <= 0) {
      this.forgetIfIdle(webhookId, lane);
      return;
    }
    lane.acquiring += wanted;
    void this.semaphore.acquireMany(webhookId, wanted).then(
      (leases) => this.granted(webhookId, lane, wanted, leases),
      () => this.granted(webhookId, lane, wanted, []),
    );
  }

  private granted(webhookId: string, lane: Lane, asked: number, leases: EndpointLease[]): void {
    lane.acquiring -= asked;
    for (const lease of leases) {
      lane.workers += 1;
      void this.work(webhookId, lane, lease);
    }
    // Every slot is held elsewhere (another dispatcher): nobody here will post these soon.
    if (lane.workers === 0 && lane.acquiring === 0) {
      for (const queued of lane.queue.splice(0)) queued.task.busy();
      this.forgetIfIdle(webhookId, lane);
    }
  }

  private async work(webhookId: string, lane: Lane, lease: EndpointLease): Promise<void> {
    const until = this.now() + this.options.leaseHoldMs;
    // The worker's own record, reused for each of its posts: nothing allocated per post.
    const post = { startedAt: 0 };
    lane.inFlight.add(post);
    try {
      let now = 0;
      for (let task = this.next(webhookId, lane); task; task = now < until ? this.next(webhookId, lane) : undefined) {
        post.startedAt = this.now();
        try {
          await task.post();
        } finally {
          now = this.now();
          const took = now - post.startedAt;
          post.startedAt = 0;
          lane.latencyMs = lane.latencyMs === 0 ? took : lane.latencyMs * 0.8 + took * 0.2;
        }
      }
    } finally {
      lane.inFlight.delete(post);
      lane.workers -= 1;
      // Not awaited: a Redis that does not answer must not leave this lane's queue waiting.
      void lease.release();
      // Held long enough: what is left takes fresh leases (or is postponed if none is free).
      this.grow(webhookId, lane);
    }
  }

  /**
   * The next delivery to post. One that has waited longer than `maxWaitMs` (queued before the
   * endpoint showed how slow it is) is postponed instead: its batch is not held any longer.
   */
  private next(webhookId: string, lane: Lane): LaneTask | undefined {
    this.sweep(webhookId, lane);
    return lane.queue.shift()?.task;
  }

  /**
   * Only a slow endpoint's deliveries are postponed: those queued longer than `maxWaitMs` (at
   * the head: the queue is in arrival order), and those its slots cannot post within
   * `maxWaitMs` (at the tail: queued before the endpoint showed how slow it is, when its lane
   * took everything, as `submit` would not have).
   */
  private sweep(webhookId: string, lane: Lane): void {
    if (lane.queue.length === 0) return;
    const latency = this.latency(lane);
    if (latency < this.options.slowMs) return;
    const staleBefore = this.now() - this.options.maxWaitMs;
    while (lane.queue.length > 0 && lane.queue[0]!.queuedAt < staleBefore) this.postpone(webhookId, lane.queue.shift()!.task, latency);
    const slots = Math.max(1, Math.min(this.options.cap, lane.workers + lane.acquiring));
    const kept = Math.floor((this.options.maxWaitMs * slots) / latency) + 1;
    for (const overflow of lane.queue.splice(kept)) this.postpone(webhookId, overflow.task, latency);
  }

  /** Postpones a slow endpoint's delivery to one free slot (latency ÷ cap) after the one postponed before it. */
  private postpone(webhookId: string, task: LaneTask, latency: number): void {
    const now = this.now();
    const dueAt = Math.min(Math.max(this.paced.get(webhookId) ?? now, now) + latency / this.options.cap, now + this.options.maxPostponeMs);
    this.paced.set(webhookId, dueAt);
    task.busy(dueAt - now);
  }

  private forgetIfIdle(webhookId: string, lane: Lane): void {
    if (lane.queue.length === 0 && lane.workers === 0 && lane.acquiring === 0 && this.lanes.get(webhookId) === lane)
      this.lanes.delete(webhookId);
  }
}
