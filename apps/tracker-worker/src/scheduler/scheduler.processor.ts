import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import { ScheduleRefreshesService } from './schedule-refreshes.service';
import type { TickResult } from './schedule-refreshes.service';

/** The repeatable `schedule-refreshes` tick. */
@QueueConsumer(QUEUE.tracker)
export class SchedulerProcessor {
  constructor(private readonly scheduler: ScheduleRefreshesService) {}

  @JobHandler(JOB.scheduleRefreshes)
  async tick(): Promise<TickResult> {
    return this.scheduler.tick();
  }
}
