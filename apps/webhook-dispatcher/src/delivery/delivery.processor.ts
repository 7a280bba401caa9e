import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '@quayside/platform';
import type { JobBatch, JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { DeliveryService } from './delivery.service';

/**
 * Batches of `deliver` jobs in progress per dispatcher process (up to 100 deliveries each, see
 * BATCHED_JOBS). A batch is held only by its own deliveries; one waiting on a slow endpoint holds
 * that endpoint's slots, never more (EndpointLanes), so a few batches held by slow receivers leave
 * the others flowing.
 */
export const DELIVERY_BATCH_CONCURRENCY = 12;

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
