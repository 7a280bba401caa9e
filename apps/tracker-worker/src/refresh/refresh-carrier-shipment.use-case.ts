import { Injectable } from '@nestjs/common';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';

/** The routine refresh of a physical shipment: given way to a refresh already under way. */
@Injectable()
export class RefreshCarrierShipmentUseCase {
  constructor(private readonly refresher: CarrierShipmentRefresher) {}

  async execute(command: { carrierShipmentId: string; outboxId: string | null }, now: Date = new Date()): Promise<RefreshRun> {
    return this.refresher.refresh({ ...command, job: 'refresh-carrier-shipment', whenBusy: 'coalesce' }, now);
  }
}
