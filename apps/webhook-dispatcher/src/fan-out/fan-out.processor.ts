import { Injectable } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { FanOutService } from './fan-out.service';

@QueueConsumer(QUEUE.webhookFanout)
@Injectable()
export class FanOutProcessor {
  constructor(private readonly fanOut: FanOutService) {}

  @JobHandler(JOB.fanOut, { concurrency: 4 })
  async handle(job: Job<JobData<'fan-out'>>): Promise<void> {
    await this.fanOut.fanOut(job.data.eventId, job.data.outboxId);
  }
}
