import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { TrackRequestUseCase } from './track-request.use-case';
import type { TrackRequestResult } from './track-request.use-case';

/** `track-request` jobs: the first and every later attempt of a tracking request. */
@QueueConsumer(QUEUE.tracker)
export class TrackingRequestsProcessor {
  private readonly logger = new Logger('TrackRequest');

  constructor(private readonly trackRequest: TrackRequestUseCase) {}

  // Carrier calls wait on the carriers registry's per-carrier limits, so more jobs than calls may be in flight.
  @JobHandler(JOB.trackRequest, { concurrency: 4 })
  async handle(job: Job<JobData<'track-request'>>): Promise<TrackRequestResult> {
    const result = await this.trackRequest.execute({ trackingRequestId: job.data.trackingRequestId, outboxId: job.data.outboxId });
    this.logger.log(`tracking request ${job.data.trackingRequestId}: ${result.status}`);
    return result;
  }
}
