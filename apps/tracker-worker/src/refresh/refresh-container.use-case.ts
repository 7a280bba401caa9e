import { Injectable } from '@nestjs/common';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { FAN_OUT } from '../tracking-requests/track-request.use-case';
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
    private readonly states: ShipmentStateRepository,
    private readonly refreshShipment: RefreshShipmentUseCase,
  ) {}

  async execute(command: { containerId: string; outboxId: string | null }, now: Date = new Date()): Promise<RefreshResult> {
    const container = await this.tracking.findContainer(command.containerId);
    if (container?.shipment_id == null) {
      const closed = await this.states.transact({ outboxId: command.outboxId }, FAN_OUT, () => null);
      return { status: closed.status === 'replayed' ? 'replayed' : 'missing' };
    }
    return this.refreshShipment.execute({ shipmentId: container.shipment_id, outboxId: command.outboxId, reason: 'manual' }, now);
  }
}
