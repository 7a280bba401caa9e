import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '@quayside/platform';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { DeliveryService } from './delivery.service';

/**
 * Deliveries in flight per dispatcher process. Mostly waiting on receivers, so well above the
 * core count; a busy endpoint gives its slot back at once (see the endpoint semaphore).
 */
export const DELIVERY_CONCURRENCY = 16;

@QueueConsumer(QUEUE.webhookDelivery)
@Injectable()
export class DeliveryProcessor {
  constructor(
    private readonly delivery: DeliveryService,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  @JobHandler(JOB.deliver, { concurrency: DELIVERY_CONCURRENCY })
  async deliver(job: Job<JobData<'deliver'>>): Promise<void> {
    const outcome = await this.delivery.deliver(job.data.notificationId, job.data.outboxId);
    this.metrics?.webhookDeliveries.inc({ outcome });
  }
}
