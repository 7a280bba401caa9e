import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import type { BatchRun } from '../tracking-state/carrier-shipment-refresher.service';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import type { RefreshResult } from './refresh-shipment.use-case';

/** Routine (`refresh-carrier-shipments`), per-record (`refresh-shipment`) and client-asked (`refresh-container`) refreshes. */
@QueueConsumer(QUEUE.tracker)
export class RefreshProcessor {
  private readonly logger = new Logger('Refresh');

  constructor(
    private readonly refreshCarrierShipments: RefreshCarrierShipmentsUseCase,
    private readonly refreshShipment: RefreshShipmentUseCase,
    private readonly refreshContainer: RefreshContainerUseCase,
  ) {}

  // Carrier calls wait on the carriers registry's per-carrier limits, so more jobs than calls may be in flight.
  @JobHandler(JOB.refreshCarrierShipments, { concurrency: 2 })
  async carrierShipments(job: Job<JobData<'refresh-carrier-shipments'>>): Promise<BatchRun> {
    const result = await this.refreshCarrierShipments.execute({
      carrierShipmentIds: job.data.carrierShipmentIds,
      outboxId: job.data.outboxId,
    });
    this.logger.debug(
      `${job.data.carrierShipmentIds.length} physical shipments: ${result.status === 'done' ? result.outcomes.join(', ') : result.status}`,
    );
    return result;
  }

  @JobHandler(JOB.refreshShipment, { concurrency: 2 })
  async shipment(job: Job<JobData<'refresh-shipment'>>): Promise<RefreshResult> {
    const result = await this.refreshShipment.execute({
      shipmentId: job.data.shipmentId,
      outboxId: job.data.outboxId,
      reason: job.data.reason,
    });
    this.logger.debug(`shipment ${job.data.shipmentId} (${job.data.reason}): ${result.status}`);
    return result;
  }

  @JobHandler(JOB.refreshContainer, { concurrency: 2 })
  async container(job: Job<JobData<'refresh-container'>>): Promise<RefreshResult> {
    const result = await this.refreshContainer.execute({ containerId: job.data.containerId, outboxId: job.data.outboxId });
    this.logger.log(`container ${job.data.containerId} refreshed on request: ${result.status}`);
    return result;
  }
}
