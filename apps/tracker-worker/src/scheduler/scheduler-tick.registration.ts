import { InjectQueue } from '@nestjs/bull';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { JOB, QUEUE } from '@quayside/queues';
import type { Queue } from 'bull';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';

/** One repeatable tick for the whole deployment: Bull keys repeatable jobs by name and id. */
export const SCHEDULE_REFRESHES_JOB_ID = 'schedule-refreshes';

/**
 * Keeps the repeatable `schedule-refreshes` tick registered in Redis. Redis keeps nothing on
 * disk here: if it restarts, the tick is gone until added again, so it is added every minute.
 */
@Injectable()
export class SchedulerTickRegistration implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduleRefreshes');
  private keeper: NodeJS.Timeout | null = null;

  constructor(
    @InjectQueue(QUEUE.tracker) private readonly queue: Queue,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureRepeatable();
    this.keeper = setInterval(() => {
      this.ensureRepeatable().catch((error: unknown) => this.logger.warn(`cannot register the refresh tick: ${String(error)}`));
    }, 60_000);
    this.keeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.keeper) clearInterval(this.keeper);
  }

  /** Idempotent: Bull keeps one repeatable per (name, id, interval) however often it is added. */
  async ensureRepeatable(): Promise<void> {
    await this.queue.add(JOB.scheduleRefreshes, {}, { jobId: SCHEDULE_REFRESHES_JOB_ID, repeat: { every: this.config.SCHEDULER_TICK_MS } });
  }
}
