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
 * push"), through the one refresh of a physical shipment: under its lease, the carrier's answer
 * with every pushed version resolved over it, decided and written with the events and outbox rows
 * in one transaction that completes this job's row, so each change is stored and notified once.
 *
 * The carrier is still asked (`GET /events`): what Quayside keeps of its last answer is the
 * mapped milestones (raw events, transport and estimated events), not the DCSA events they came
 * from, so the versions and retractions a push brings (`eventID`, `eventUpdatedDateTime`,
 * `retractedEventID`) cannot be resolved against it without the answer itself.
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
      },
      now,
    );
  }
}
