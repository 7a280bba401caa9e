import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import type { JobName } from '../contract/queue-contract';

/**
 * Keeps one repeatable tick of a job registered in Redis for the whole deployment: Bull keys a
 * repeatable by name, id and interval, so every process adding it adds the same one. Redis may
 * keep nothing on disk: if it restarts, the tick is gone until added again, so it is added every
 * minute. An app subclasses it once per tick, naming the job and its interval.
 */
export abstract class RepeatableTickRegistration implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private keeper: NodeJS.Timeout | null = null;

  protected constructor(
    private readonly queue: Queue,
    private readonly job: JobName,
    private readonly everyMs: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureRepeatable();
    this.keeper = setInterval(() => {
      this.ensureRepeatable().catch((error: unknown) => this.logger.warn(`cannot register the ${this.job} tick: ${String(error)}`));
    }, 60_000);
    this.keeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.keeper) clearInterval(this.keeper);
  }

  /** Idempotent: Bull keeps one repeatable per (name, id, interval) however often it is added. */
  async ensureRepeatable(): Promise<void> {
    await this.queue.add(this.job, {}, { jobId: this.job, repeat: { every: this.everyMs } });
  }
}
