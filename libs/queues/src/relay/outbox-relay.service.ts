import { getQueueToken } from '@nestjs/bull';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OutboxCommitSubscriber, OutboxRepository } from '@quayside/data-access';
import type { Queue } from 'bull';
import { QUEUE_NAMES } from '../contract/queue-contract';
import type { QueueName } from '../contract/queue-contract';
import { bullJobsByQueue } from './bull-jobs';

export interface RelayOptions {
  pollIntervalMs: number;
  redeliverAfterMs: number;
  /** Publications of one row after which, still not completed, it is abandoned (a poison job). */
  maxPublishes: number;
  /** Publish the rows a commit of this process added at once, not at the next poll (OutboxCommitSubscriber). */
  wakeOnCommit: boolean;
}

/** Rows claimed per pass; `deliver` rows leave in Bull jobs of up to 100 (BATCHED_JOBS). */
const BATCH = 1_000;
/**
 * While commits keep waking it, a relay starts a pass at most this often: a pass per commit (the
 * tracker commits hundreds a second) would cost more claims than it saves milliseconds.
 */
const WAKE_GAP_MS = 20;

/**
 * Moves outbox rows onto their Bull queues. Any number of relays may run (one per app
 * process): rows are claimed with SKIP LOCKED, and the row id is the Bull job id (a batched
 * job's id names its first and last rows), so a row is in Redis at most once per claim. A row whose job never completed (Redis lost it, a worker died
 * for good) is claimed again after `redeliverAfterMs`; the consumer's completion of the row
 * in its own transaction makes the second run a no-op when the first one did finish.
 * A commit of this process that added rows due now wakes it between its polls (OutboxCommitSubscriber):
 * the rows leave at once; the polling finds the rest (rows due later, rows of other processes whose
 * relay is busy or gone).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | null = null;
  /** When the pass `timer` starts is due (ms since the epoch). */
  private timerDueAt = 0;
  private running: Promise<void> | null = null;
  private passing = false;
  /** Woken while a pass ran: the next one starts WAKE_GAP_MS after it began, not at the next poll. */
  private woken = false;
  private lastPassAt = 0;
  private stopped = false;
  private redisDown = false;
  private stopWaking: (() => void) | null = null;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly commits: OutboxCommitSubscriber,
    private readonly moduleRef: ModuleRef,
    @Inject('QUEUES_RELAY_OPTIONS') private readonly options: RelayOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
    if (this.options.wakeOnCommit) this.stopWaking = this.commits.onRowsCommitted(() => this.wake());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopWaking?.();
    await this.running;
  }

  /** One pass: publish what is due; returns how many rows went out (a full claim means more may be waiting). */
  async relayOnce(): Promise<number> {
    const rows = await this.outbox.claimPublishable(BATCH, this.options.redeliverAfterMs, this.options.maxPublishes);
    if (rows.length === 0) return 0;
    const failed: string[] = [];
    // One addBulk per queue: a pass costs one Redis round trip per queue, not one per row.
    for (const [queue, jobs] of bullJobsByQueue(rows)) {
      try {
        await this.queue(queue).addBulk(jobs.map((job) => job.bull));
      } catch (error) {
        failed.push(...jobs.flatMap((job) => job.rowIds));
        if (!this.redisDown) this.logger.warn(`cannot publish to Redis, outbox rows wait in Postgres: ${String(error)}`);
        this.redisDown = true;
      }
    }
    if (failed.length > 0) await this.outbox.releaseUnpublished(failed);
    else if (this.redisDown) {
      this.redisDown = false;
      this.logger.log('Redis is back; publishing the waiting outbox rows');
    }
    return rows.length - failed.length;
  }

  private queue(name: QueueName): Queue {
    if (!QUEUE_NAMES.includes(name)) throw new Error(`outbox row names unknown queue "${name}"`);
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /** Rows due now were committed: a pass now (or WAKE_GAP_MS after the last one began), unless one is due sooner. */
  private wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.woken = true;
      return;
    }
    const delay = this.afterGap();
    if (this.timer && this.timerDueAt <= Date.now() + delay) return;
    this.schedule(delay);
  }

  private afterGap(): number {
    return Math.max(0, this.lastPassAt + WAKE_GAP_MS - Date.now());
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = Date.now() + delay;
    this.timer = setTimeout(() => this.pass(), delay);
  }

  private pass(): void {
    this.timer = null;
    this.passing = true;
    this.woken = false;
    this.lastPassAt = Date.now();
    this.running = this.relayOnce().then(
      (published) => {
        this.passing = false;
        this.schedule(published >= BATCH ? 0 : this.woken ? this.afterGap() : this.options.pollIntervalMs);
      },
      (error: unknown) => {
        this.passing = false;
        this.logger.error(`outbox relay pass failed: ${String(error)}`);
        this.schedule(Math.max(this.options.pollIntervalMs, 1000));
      },
    );
  }
}
