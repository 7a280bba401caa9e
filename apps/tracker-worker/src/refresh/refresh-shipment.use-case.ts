import { Injectable } from '@nestjs/common';
import { CarrierShipmentRepository, ShipmentStateRepository, TrackingRepository, timeOrderedId } from '@quayside/data-access';
import type { LoadedTrackingState, StateDecision } from '@quayside/data-access';
import type { TrackingStoppedReason } from '@quayside/domain';
import { CarrierShipmentRefresher, FAN_OUT } from '../tracking-state/carrier-shipment-refresher.service';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import { resumeLinkedRequests, stopLinkedRequests } from '../tracking-state/stop-tracking';

export interface RefreshShipmentCommand {
  shipmentId: string;
  outboxId: string | null;
  reason: 'manual' | 'resume';
}

export type RefreshResult = RefreshRun | { status: 'settled'; eventIds: string[]; stoppedReason: TrackingStoppedReason | null };

/**
 * A job about one account's shipment (stop, resume, a refresh the client asked for). A
 * stopped record is only settled — its requests move to `tracking_stopped` — without asking
 * the carrier; an active one is refreshed through its physical shipment, for everyone who
 * follows it, after any refresh already under way.
 */
@Injectable()
export class RefreshShipmentUseCase {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly carrierShipments: CarrierShipmentRepository,
    private readonly states: ShipmentStateRepository,
    private readonly refresher: CarrierShipmentRefresher,
  ) {}

  async execute(command: RefreshShipmentCommand, now: Date = new Date()): Promise<RefreshResult> {
    const shipment = await this.tracking.findShipment(command.shipmentId);
    if (shipment === null) return this.refresher.closeJob(command.outboxId, 'missing');
    if (shipment.line_tracking_stopped_at !== null) {
      const settled = await this.states.transact({ outboxId: command.outboxId, shipmentId: command.shipmentId }, FAN_OUT, (loaded) =>
        this.settle(loaded, now),
      );
      if (settled.status !== 'done') return { status: settled.status };
      return { status: 'settled', eventIds: settled.eventIds, stoppedReason: settled.value };
    }
    const carrierShipmentId = await this.carrierShipments.ofShipment(command.shipmentId);
    if (carrierShipmentId === null) return this.refresher.closeJob(command.outboxId, 'missing');
    return this.refresher.refresh(
      { carrierShipmentId, outboxId: command.outboxId, job: `refresh-shipment:${command.reason}`, whenBusy: 'defer' },
      now,
    );
  }

  /** Brings the requests in line with the record: stopped (by the client or a rule), or resumed meanwhile. */
  private settle(loaded: LoadedTrackingState, now: Date): StateDecision<TrackingStoppedReason | null> {
    const shipment = loaded.state?.shipment;
    if (!shipment) return null;
    if (shipment.line_tracking_stopped_at === null)
      return { write: { trackingRequests: resumeLinkedRequests(loaded, now).trackingRequests }, value: null };
    const reason = shipment.line_tracking_stopped_reason ?? 'cancelled_by_user';
    const stopped = stopLinkedRequests(loaded, reason, now, timeOrderedId, shipment.line_tracking_stopped_at);
    return { write: { trackingRequests: stopped.trackingRequests, events: stopped.events }, value: reason };
  }
}
