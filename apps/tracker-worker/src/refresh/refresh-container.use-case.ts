import { Injectable } from '@nestjs/common';
import { TrackingRepository } from '@quayside/data-access';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import type { RefreshResult } from './refresh-shipment.use-case';

/**
 * `PATCH /containers/{id}/refresh`: the container's shipment is refreshed from every source
 * now (its job jumps the queue). A container without a shipment, or gone, only completes its job.
 */
@Injectable()
export class RefreshContainerUseCase {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly refreshShipment: RefreshShipmentUseCase,
    private readonly refresher: CarrierShipmentRefresher,
  ) {}

  async execute(command: { containerId: string; outboxId: string | null }, now: Date = new Date()): Promise<RefreshResult> {
    const container = await this.tracking.findContainer(command.containerId);
    if (container?.shipment_id == null) return this.refresher.closeJob(command.outboxId, 'missing');
    return this.refreshShipment.execute({ shipmentId: container.shipment_id, outboxId: command.outboxId, reason: 'manual' }, now);
  }
}
