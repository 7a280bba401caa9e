import { getQueueToken } from '@nestjs/bull';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OutboxRepository } from '@quayside/data-access';
import type { Queue } from 'bull';
import { QUEUE_NAMES } from '../contract/queue-contract';
import type { QueueName } from '../contract/queue-contract';
import { bullJobsByQueue } from './bull-jobs';

export interface RelayOptions {
  pollIntervalMs: number;
  redeliverAfterMs: number;
  /** Publications of one row after which, still not completed, it is abandoned (a poison job). */
  maxPublishes: number;
}

/** Rows claimed per pass; `deliver` rows leave in Bull jobs of up to 100 (BATCHED_JOBS). */
const BATCH = 1_000;

/**
 * Moves outbox rows onto their Bull queues. Any number of relays may run (one per app
 * process): rows are claimed with SKIP LOCKED, and the row id is the Bull job id (a batched
 * job's id names its first and last rows), so a row is in Redis at most once per claim. A row whose job never completed (Redis lost it, a worker died
 * for good) is claimed again after `redeliverAfterMs`; the consumer's completion of the row
 * in its own transaction makes the second run a no-op when the first one did finish.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private redisDown = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly moduleRef: ModuleRef,
    @Inject('QUEUES_RELAY_OPTIONS') private readonly options: RelayOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
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

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayOnce().then(
        (published) => this.schedule(published >= BATCH ? 0 : this.options.pollIntervalMs),
        (error: unknown) => {
          this.logger.error(`outbox relay pass failed: ${String(error)}`);
          this.schedule(Math.max(this.options.pollIntervalMs, 1000));
        },
      );
    }, delay);
  }
}
