import { Logger } from '@nestjs/common';
import type { RefreshContainerJob, RefreshShipmentJob } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import type { RefreshResult } from './refresh-shipment.use-case';

/** Scheduled (`refresh-shipment`) and manual (`refresh-container`) refreshes. */
@QueueConsumer(QUEUE.tracker)
export class RefreshProcessor {
  private readonly logger = new Logger('Refresh');

  constructor(
    private readonly refreshShipment: RefreshShipmentUseCase,
    private readonly refreshContainer: RefreshContainerUseCase,
  ) {}

  @JobHandler(JOB.refreshShipment, { concurrency: 4 })
  async shipment(job: Job<RefreshShipmentJob>): Promise<RefreshResult> {
    const result = await this.refreshShipment.execute({ shipmentId: job.data.shipmentId, outboxId: job.data.outboxId ?? null, reason: job.data.reason });
    this.logger.debug(`shipment ${job.data.shipmentId} (${job.data.reason}): ${result.status}`);
    return result;
  }

  @JobHandler(JOB.refreshContainer, { concurrency: 2 })
  async container(job: Job<RefreshContainerJob>): Promise<RefreshResult> {
    const result = await this.refreshContainer.execute({ containerId: job.data.containerId, outboxId: job.data.outboxId ?? null });
    this.logger.log(`container ${job.data.containerId} refreshed on request: ${result.status}`);
    return result;
  }
}
