import { Injectable } from '@nestjs/common';
import { SourceBackoffError } from '@quayside/carriers';
import { CarrierShipmentRepository, ObservationRepository, ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import type { TrackingRequestEntity } from '@quayside/data-access';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { CarrierShipmentRefresher, FAN_OUT } from '../tracking-state/carrier-shipment-refresher.service';
import type { Fetched, RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import { decideObservation } from '../tracking-state/observation-decision';
import { normalizeShipmentNumber, shipmentNumberOf } from '../tracking-state/observation-plan';
import type { RequestOutcome } from '../tracking-state/request-attempt';
import { OPEN_STATUSES, decideRequestAttempt } from '../tracking-state/request-attempt';

export interface TrackRequestCommand {
  trackingRequestId: string;
  /** The job's outbox row; null when run by hand (tests, tools). */
  outboxId: string | null;
}

export type TrackRequestResult =
  | { status: 'replayed' | 'missing' | 'closed' | 'stale' }
  /** The number or its physical shipment is being asked about by another attempt or refresh: this one runs after it. */
  | { status: 'deferred' | 'busy'; until: Date }
  | (RequestOutcome & { eventIds: string[] });

/**
 * One attempt of a tracking request (docs/architecture.md, "One physical shipment, one
 * timeline"). A number that already belongs to a physical shipment joins it through that
 * shipment's refresh. A new number is asked of the carrier under a lease of its own, on the
 * clock of whoever asked for it first; the answer names the physical shipment, which is created
 * or joined, and every open request for its numbers (any account's) joins it in the same
 * transaction. An answer played on another clock than the physical shipment's is asked again.
 */
@Injectable()
export class TrackRequestUseCase {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly carrierShipments: CarrierShipmentRepository,
    private readonly observations: ObservationRepository,
    private readonly states: ShipmentStateRepository,
    private readonly refresher: CarrierShipmentRefresher,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async execute(command: TrackRequestCommand, now: Date = new Date()): Promise<TrackRequestResult> {
    const request = await this.tracking.findTrackingRequest(command.trackingRequestId);
    if (request === null || !OPEN_STATUSES.includes(request.status)) {
      // Nothing to do (another attempt or a refresh settled it), but the job is done.
      return (await this.refresher.closeJob(command.outboxId, 'missing')).status === 'replayed'
        ? { status: 'replayed' }
        : { status: 'closed' };
    }
    const claim = await this.carrierShipments.claimNumber(
      request.scac,
      request.request_number,
      request.created_at,
      this.config.REFRESH_LEASE_MS,
      command.outboxId,
    );
    if (claim.kind === 'linked') return this.joinKnown(claim.carrierShipmentId, request, command, now);
    if (claim.kind === 'busy') return this.fromRun(await this.refresher.whenBusy({ outboxId: command.outboxId, whenBusy: 'defer' }, claim));

    const lease = claim.lease;
    let fetched: Fetched;
    try {
      fetched = await this.refresher.fetchOrRelease(lease, () =>
        this.refresher.fetch(request.scac, request.request_type, request.request_number, claim.trackingSince, now),
      );
    } catch (error) {
      // The carrier is paused or its quota spent: the attempt waits for it and is not counted.
      if (error instanceof SourceBackoffError) return this.fromRun(await this.refresher.backOff(command.outboxId, error));
      throw error;
    }
    const context = this.refresher.decisionContext(request.scac, fetched.line, now);
    if (fetched.result.outcome !== 'found' || fetched.observed === null || fetched.line === null) {
      const decided = await this.states.transact(
        { outboxId: command.outboxId, trackingRequestId: request.id, releaseNumberLease: lease },
        FAN_OUT,
        (loaded) => {
          const own = loaded.trackingRequest;
          if (own === null || !OPEN_STATUSES.includes(own.status)) return null;
          const attempt = decideRequestAttempt(own, fetched.result, null, context);
          return { write: attempt.write, value: attempt.outcome };
        },
      );
      if (decided.status !== 'done') return { status: decided.status };
      return decided.value === null ? { status: 'closed' } : { ...decided.value, eventIds: decided.eventIds };
    }

    const carrier = fetched.observed.carrier;
    const key = normalizeShipmentNumber(shipmentNumberOf(carrier, request.request_number));
    const known = await this.carrierShipments.findByNumber(request.scac, key);
    if (known !== null && known.tracking_since.getTime() !== claim.trackingSince.getTime()) {
      // The number belongs to a shipment followed on another clock: this answer is not its history.
      await this.carrierShipments.linkNumber(lease, known.id);
      return this.joinKnown(known.id, request, command, now);
    }
    const applied = await this.observations.apply(
      {
        outboxId: command.outboxId,
        job: 'track-request',
        lease,
        carrierShipment: {
          create: {
            shipping_line_scac: request.scac,
            normalized_number: key,
            query_type: carrier.billOfLadingNumber ? 'bill_of_lading' : request.request_type,
            query_number: carrier.billOfLadingNumber ?? request.request_number,
            tracking_since: claim.trackingSince,
          },
        },
        trackedNumber: { scac: request.scac, number: request.request_number },
        trackingRequestId: request.id,
        joinOpenRequests: true,
        sources: fetched.sources,
        trackingSince: claim.trackingSince,
      },
      FAN_OUT,
      (loaded) => decideObservation(loaded, fetched.result, fetched.observed, context),
    );
    if (applied.status !== 'done') return { status: applied.status };
    if (applied.value.outcome === 'stale') return { status: 'stale' };
    return applied.value.request === null ? { status: 'closed' } : { ...applied.value.request, eventIds: applied.eventIds };
  }

  /** The number belongs to a physical shipment: the attempt is that shipment's refresh, which the request joins. */
  private async joinKnown(
    carrierShipmentId: string,
    request: TrackingRequestEntity,
    command: TrackRequestCommand,
    now: Date,
  ): Promise<TrackRequestResult> {
    const run = await this.refresher.refresh(
      {
        carrierShipmentId,
        outboxId: command.outboxId,
        job: 'track-request',
        whenBusy: 'defer',
        trackingRequestId: request.id,
        restartClockAt: request.created_at,
      },
      now,
    );
    return this.fromRun(run);
  }

  private fromRun(run: RefreshRun): TrackRequestResult {
    switch (run.status) {
      case 'replayed':
      case 'missing':
      case 'stale':
        return { status: run.status };
      case 'unfollowed':
        return { status: 'closed' };
      case 'coalesced':
      case 'deferred':
      case 'busy':
        return { status: run.status === 'busy' ? 'busy' : 'deferred', until: run.until };
      case 'refreshed':
      case 'stopped':
      case 'line_unavailable':
        return run.request === null ? { status: 'closed' } : { ...run.request, eventIds: run.eventIds };
    }
  }
}
