import { Injectable } from '@nestjs/common';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import type { BatchRun } from '../tracking-state/carrier-shipment-refresher.service';

/** The routine refresh of physical shipments of one carrier that fell due together. */
@Injectable()
export class RefreshCarrierShipmentsUseCase {
  constructor(private readonly refresher: CarrierShipmentRefresher) {}

  async execute(command: { carrierShipmentIds: readonly string[]; outboxId: string | null }, now: Date = new Date()): Promise<BatchRun> {
    return this.refresher.refreshBatch(command, now);
  }
}
