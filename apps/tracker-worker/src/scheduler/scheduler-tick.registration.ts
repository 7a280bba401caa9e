import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { JOB, QUEUE, RepeatableTickRegistration } from '@quayside/queues';
import type { Queue } from 'bull';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';

/** The repeatable `schedule-refreshes` tick, one for the whole deployment. */
@Injectable()
export class SchedulerTickRegistration extends RepeatableTickRegistration {
  constructor(@InjectQueue(QUEUE.tracker) queue: Queue, config: TrackerWorkerConfig) {
    super(queue, JOB.scheduleRefreshes, config.SCHEDULER_TICK_MS);
  }
}
