import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CarrierTrackResult } from '@quayside/carriers';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import type { LoadedTrackingState, StateDecision, StateWrite } from '@quayside/data-access';
import type { EventName, FailedReason, TrackingOutcomeInput, TrackingRequestStatus } from '@quayside/domain';
import { decideTrackingOutcome } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { nextRefreshAt } from '../scheduler/refresh-cadence';
import { trackingRequestEventRow } from '../tracking-state/event-rows';
import type { Observation, ShippingLineRef } from '../tracking-state/observation';
import { normalizeShipmentNumber, planObservation, shipmentNumberOf } from '../tracking-state/observation-plan';
import { ObservationService } from '../tracking-state/observation.service';
import type { TimeScale } from '../tracking-state/time-scale';

export const FAN_OUT = { queue: QUEUE.webhookFanout, jobName: JOB.fanOut };

const OPEN_STATUSES: readonly TrackingRequestStatus[] = ['pending', 'awaiting_manifest'];

export interface TrackRequestCommand {
  trackingRequestId: string;
  /** The job's outbox row; null when run by hand (tests, tools). */
  outboxId: string | null;
}

export type TrackRequestResult =
  | { status: 'replayed' | 'missing' | 'closed' }
  | { status: TrackingRequestStatus; failedReason: FailedReason | null; retryAt: Date | null; shipmentId: string | null; eventIds: string[] };

function isTrackingRequestEvent(name: EventName): name is Extract<EventName, `tracking_request.${string}`> {
  return name.startsWith('tracking_request.');
}

/** What the carrier answer means for a tracking request (specification 3.1). */
export function trackingOutcomeOf(result: CarrierTrackResult): TrackingOutcomeInput {
  switch (result.outcome) {
    case 'found':
      return 'carrier_found';
    case 'transient_failure':
      return { kind: 'transient_failure', reason: result.reason };
    case 'not_found':
    case 'not_manifested':
    case 'invalid_number':
    case 'booking_cancelled':
    case 'data_unavailable':
      return result.outcome;
  }
}

/**
 * One attempt of a tracking request: ask the carrier (outside any transaction), then in one
 * transaction apply the domain's decision: on success create or link the shipment with every
 * container and its events; otherwise fail, wait for the manifest, or schedule the next
 * attempt as an outbox row (so a lost Redis never loses a retry).
 */
@Injectable()
export class TrackRequestUseCase {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly states: ShipmentStateRepository,
    private readonly observation: ObservationService,
    private readonly adapters: TrackingAdapters,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async execute(command: TrackRequestCommand, now: Date = new Date()): Promise<TrackRequestResult> {
    const request = await this.tracking.findTrackingRequest(command.trackingRequestId);
    if (request === null || !OPEN_STATUSES.includes(request.status)) {
      // Nothing to do, but the job is done: complete its row so it is not delivered again.
      const closed = await this.states.transact({ outboxId: command.outboxId, trackingRequestId: command.trackingRequestId }, FAN_OUT, () => null);
      return { status: closed.status === 'done' ? 'closed' : closed.status };
    }
    const trackingSince = await this.tracking.trackingSinceOf(request.scac, request.request_number, request.created_at);
    const result = await this.observation.track({
      kind: request.request_type,
      number: request.request_number,
      scac: request.scac,
      trackingSince,
      now,
    });
    let observed: Observation | null = null;
    let line: ShippingLineRef | null = null;
    if (result.outcome === 'found') {
      [observed, line] = await Promise.all([
        this.observation.observe(result.shipment, { trackingSince, now, carrierReference: request.request_number }),
        this.observation.shippingLine(request.scac),
      ]);
    }
    const scale = this.adapters.timeScale(request.scac);
    const shipmentKey =
      observed !== null && line !== null
        ? { scac: line.scac, normalizedNumber: normalizeShipmentNumber(shipmentNumberOf(observed.carrier, request.request_number)) }
        : undefined;
    const outcome = await this.states.transact(
      { outboxId: command.outboxId, trackingRequestId: request.id, ...(shipmentKey ? { shipmentKey } : {}) },
      FAN_OUT,
      (loaded) => this.decide(loaded, result, observed, line, scale, now),
    );
    if (outcome.status !== 'done') return { status: outcome.status };
    if (outcome.value === null) return { status: 'closed' };
    return { ...outcome.value, eventIds: outcome.eventIds };
  }

  private decide(
    loaded: LoadedTrackingState,
    result: CarrierTrackResult,
    observed: Observation | null,
    line: ShippingLineRef | null,
    scale: TimeScale,
    now: Date,
  ): StateDecision<Omit<Extract<TrackRequestResult, { eventIds: string[] }>, 'eventIds'>> {
    const request = loaded.trackingRequest;
    // Another run got there first (a replay with a new outbox row, or a concurrent run).
    if (request === null || !OPEN_STATUSES.includes(request.status)) return null;
    const decision = decideTrackingOutcome(
      {
        status: request.status,
        request_type: request.request_type,
        retry_count: request.retry_count,
        created_at: request.created_at,
        awaiting_manifest_since: request.awaiting_manifest_since,
      },
      trackingOutcomeOf(result),
      now,
      scale.retryPolicy(),
    );
    const values = {
      status: decision.status,
      failed_reason: decision.failed_reason,
      is_retrying: decision.is_retrying,
      retry_count: decision.retry_count,
      awaiting_manifest_since: decision.awaiting_manifest_since,
      next_attempt_at: decision.retry_at,
    };
    const after = { ...request, ...values };
    const write: StateWrite = { trackingRequests: [{ id: request.id, values }], events: [], outbox: [] };
    let shipmentId: string | null = null;

    if (decision.status === 'succeeded' && observed !== null && line !== null) {
      const plan = planObservation(observed, loaded.state, {
        view: { accountId: request.account_id, features: loaded.account.features },
        line,
        now,
        newId: randomUUID,
        firstRefreshAt: nextRefreshAt(now, scale, this.cadence()),
      });
      shipmentId = plan.shipmentId;
      write.trackingRequests = [{ id: request.id, values: { ...values, tracked_object_id: shipmentId } }];
      write.shipment = plan.shipment;
      write.containers = plan.containers;
      write.transportEvents = plan.rows.transportEvents;
      write.estimatedEvents = plan.rows.estimatedEvents;
      this.resumeStoppedShipment(loaded, write, now, scale);
      write.events = [trackingRequestEventRow(randomUUID, after, 'tracking_request.succeeded', shipmentId, now), ...plan.rows.events];
    } else if (decision.event !== null && isTrackingRequestEvent(decision.event)) {
      write.events = [trackingRequestEventRow(randomUUID, after, decision.event, null, now)];
    }
    if (decision.retry_at !== null) {
      write.outbox = [
        {
          queue: QUEUE.tracker,
          jobName: JOB.trackRequest,
          payload: { trackingRequestId: request.id },
          accountId: request.account_id,
          availableAt: decision.retry_at,
        },
      ];
    }
    return {
      write,
      value: { status: decision.status, failedReason: decision.failed_reason, retryAt: decision.retry_at, shipmentId },
    };
  }

  /**
   * A new request for a shipment whose tracking had stopped brings it back: the client asked
   * to follow it. Its other requests return to `succeeded` (a resume emits nothing).
   */
  private resumeStoppedShipment(loaded: LoadedTrackingState, write: StateWrite, now: Date, scale: TimeScale): void {
    const shipment = loaded.state?.shipment;
    if (!shipment || shipment.line_tracking_stopped_at === null || !write.shipment) return;
    write.shipment.values = {
      ...write.shipment.values,
      line_tracking_stopped_at: null,
      line_tracking_stopped_reason: null,
      next_refresh_at: nextRefreshAt(now, scale, this.cadence()),
    };
    for (const other of loaded.linkedRequests) {
      if (other.status === 'tracking_stopped') write.trackingRequests?.push({ id: other.id, values: { status: 'succeeded' } });
    }
  }

  private cadence(): { intervalSeconds: number; jitterRatio: number; minIntervalMs: number } {
    return {
      intervalSeconds: this.config.REFRESH_INTERVAL_SECONDS,
      jitterRatio: this.config.REFRESH_JITTER_RATIO,
      minIntervalMs: this.config.REFRESH_MIN_INTERVAL_MS,
    };
  }
}
