import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '@quayside/platform';
import type { JobBatch, JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { BATCHES_IN_PROGRESS, DeliveryService } from './delivery.service';

/**
 * Bull jobs (batches of up to 100 `deliver` rows, see BATCHED_JOBS) a dispatcher process holds
 * at once: the batches it works on (BATCHES_IN_PROGRESS) and as many again, either held only by
 * slow endpoints' posts (which a batch waits for without keeping another out, DeliveryService)
 * or next in line. Beyond that many slow-held batches, the next ones wait for a slow post to end.
 */
export const DELIVERY_BATCH_CONCURRENCY = 2 * BATCHES_IN_PROGRESS;

@QueueConsumer(QUEUE.webhookDelivery)
@Injectable()
export class DeliveryProcessor {
  constructor(
    private readonly delivery: DeliveryService,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  @JobHandler(JOB.deliver, { concurrency: DELIVERY_BATCH_CONCURRENCY })
  async deliver(job: Job<JobBatch<'deliver'>>): Promise<void> {
    // A job published one row per job (before batches) still runs, as a batch of one.
    const batch: Array<JobData<'deliver'>> = Array.isArray(job.data.batch) ? job.data.batch : [job.data as unknown as JobData<'deliver'>];
    const outcomes = await this.delivery.deliverBatch(batch.map(({ notificationId, outboxId }) => ({ notificationId, outboxId })));
    for (const outcome of outcomes) this.metrics?.webhookDeliveries.inc({ outcome });
  }
}
