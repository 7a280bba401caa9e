import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { JOB, QUEUE, RepeatableTickRegistration } from '@quayside/queues';
import type { Queue } from 'bull';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';

/** The repeatable `prune-retention` tick, one for the whole deployment. */
@Injectable()
export class RetentionTickRegistration extends RepeatableTickRegistration {
  constructor(@InjectQueue(QUEUE.tracker) queue: Queue, config: TrackerWorkerConfig) {
    super(queue, JOB.pruneRetention, config.RETENTION_TICK_MS);
  }
}
