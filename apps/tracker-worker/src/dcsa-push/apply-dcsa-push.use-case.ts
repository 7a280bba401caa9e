import { Injectable } from '@nestjs/common';
import { JOB } from '@quayside/queues';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';

/**
 * While another refresh of the shipment holds its lease, the push is tried again this soon: the
 * holder (a scheduled poll, usually) lets go when its answers are in, well under a second.
 */
const BUSY_RETRY_MS = 250;

/**
 * Applies what a carrier pushed to one followed physical shipment (docs/dcsa.md, "Carriers that
 * push"), through the one refresh of a physical shipment: under its lease, the carrier's last
 * `GET /events` answer (kept by its adapter) with every pushed version resolved over it, decided
 * and written with the events and outbox rows in one transaction that completes this job's row,
 * so each change is stored and notified once. Nobody is asked: not the carrier, whose answer is
 * kept, nor the terminal and rail carriers, whose stored answers stay. A shipment whose carrier
 * answer is not kept (never polled by this number, or last not known to the carrier) is polled.
 *
 * Never coalesced into a refresh under way: that refresh may have read the pushed events before
 * this push was stored, so the push waits for it and is then applied with everything pushed.
 */
@Injectable()
export class ApplyDcsaPushUseCase {
  constructor(private readonly refresher: CarrierShipmentRefresher) {}

  async execute(command: { carrierShipmentId: string; outboxId: string | null }, now: Date = new Date()): Promise<RefreshRun> {
    return this.refresher.refresh(
      {
        carrierShipmentId: command.carrierShipmentId,
        outboxId: command.outboxId,
        job: JOB.applyDcsaPush,
        whenBusy: 'defer',
        retryBusyAfterMs: BUSY_RETRY_MS,
        preferHeld: true,
      },
      now,
    );
  }
}
