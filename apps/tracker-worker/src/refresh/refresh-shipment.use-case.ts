import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CarrierTrackResult } from '@quayside/carriers';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import type { LoadedTrackingState, RefreshGroup, StateDecision, StateWrite } from '@quayside/data-access';
import type { TrackingStoppedReason } from '@quayside/domain';
import { automaticStopReason } from '../stop-tracking/stop-rules';
import { resumeLinkedRequests, stopLinkedRequests, stoppedShipmentValues } from '../stop-tracking/stop-tracking';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { FAN_OUT } from '../tracking-requests/track-request.use-case';
import type { Observation, ShippingLineRef } from '../tracking-state/observation';
import { planObservation, readBookkeeping } from '../tracking-state/observation-plan';
import { ObservationService } from '../tracking-state/observation.service';
import type { TimeScale } from '../tracking-state/time-scale';

export interface RefreshShipmentCommand {
  shipmentId: string;
  outboxId: string | null;
  reason: 'scheduled' | 'manual' | 'resume';
}

export type RefreshOutcome = 'refreshed' | 'stopped' | 'settled' | 'line_unavailable';

export type RefreshResult =
  | { status: 'replayed' | 'missing' }
  | { status: RefreshOutcome; shipmentIds: string[]; eventIds: string[]; stoppedReason: TrackingStoppedReason | null };

interface AppliedValue {
  outcome: RefreshOutcome;
  stoppedReason: TrackingStoppedReason | null;
}

/**
 * Refreshes one physical shipment: the carrier (then terminal and rail) is asked once, and
 * each account's record of it is diffed against what is stored and written with its events,
 * one transaction per record. The job's outbox row is completed with the first record (the
 * one asked for); a record whose tracking stopped is only settled, never fetched.
 */
@Injectable()
export class RefreshShipmentUseCase {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly states: ShipmentStateRepository,
    private readonly observation: ObservationService,
    private readonly adapters: TrackingAdapters,
  ) {}

  async execute(command: RefreshShipmentCommand, now: Date = new Date()): Promise<RefreshResult> {
    const group = await this.tracking.findRefreshGroup(command.shipmentId);
    if (group === null || group.stopped) {
      // A stop (by the client or a rule) is settled without asking the carrier.
      const settled = await this.states.transact({ outboxId: command.outboxId, shipmentId: command.shipmentId }, FAN_OUT, (loaded) => this.settle(loaded, now));
      if (settled.status !== 'done') return { status: settled.status };
      return { status: 'settled', shipmentIds: [command.shipmentId], eventIds: settled.eventIds, stoppedReason: settled.value?.stoppedReason ?? null };
    }
    const scale = this.adapters.timeScale(group.scac);
    const result = await this.observation.track({ kind: group.kind, number: group.number, scac: group.scac, trackingSince: group.trackingSince, now });
    let observed: Observation | null = null;
    let line: ShippingLineRef | null = null;
    if (result.outcome === 'found') {
      [observed, line] = await Promise.all([
        this.observation.observe(result.shipment, { trackingSince: group.trackingSince, now, carrierReference: group.number }),
        this.observation.shippingLine(group.scac),
      ]);
    }
    const eventIds: string[] = [];
    const outcomes: AppliedValue[] = [];
    for (const [index, shipmentId] of group.shipmentIds.entries()) {
      const applied = await this.states.transact({ outboxId: index === 0 ? command.outboxId : null, shipmentId }, FAN_OUT, (loaded) =>
        this.apply(loaded, result, observed, line, scale, now, index === 0 ? null : group),
      );
      if (applied.status === 'replayed' && index === 0) return { status: 'replayed' };
      if (applied.status !== 'done' || applied.value === null) continue;
      eventIds.push(...applied.eventIds);
      outcomes.push(applied.value);
    }
    const first = outcomes[0] ?? { outcome: 'settled' as const, stoppedReason: null };
    return { status: first.outcome, shipmentIds: group.shipmentIds, eventIds, stoppedReason: first.stoppedReason };
  }

  private apply(
    loaded: LoadedTrackingState,
    result: CarrierTrackResult,
    observed: Observation | null,
    line: ShippingLineRef | null,
    scale: TimeScale,
    now: Date,
    alignTo: RefreshGroup | null,
  ): StateDecision<AppliedValue> {
    const state = loaded.state;
    if (state === null) return null;
    if (state.shipment.line_tracking_stopped_at !== null) return this.settle(loaded, now);
    const shipmentId = state.shipment.id;
    const resumed = resumeLinkedRequests(loaded, now);
    const aligned = alignTo?.nextRefreshAt ? { next_refresh_at: alignTo.nextRefreshAt } : {};

    switch (result.outcome) {
      case 'found': {
        if (observed === null || line === null) return null;
        const plan = planObservation(observed, state, {
          view: { accountId: state.shipment.account_id, features: loaded.account.features },
          line,
          now,
          newId: randomUUID,
          firstRefreshAt: now,
        });
        const write: StateWrite = {
          trackingRequests: resumed.trackingRequests,
          shipment: { isNew: false, values: { ...plan.shipment.values, ...aligned } },
          containers: plan.containers,
          transportEvents: plan.rows.transportEvents,
          estimatedEvents: plan.rows.estimatedEvents,
          events: plan.rows.events,
        };
        const reason = automaticStopReason({
          containers: plan.containersAfter,
          podAtaAt: plan.shipment.values.pod_ata_at ?? null,
          carrierChangedAt: new Date(plan.bookkeeping.carrier_changed_at),
          now,
          dayMs: scale.dayMs,
        });
        if (reason !== null) this.addStop(write, loaded, reason, now);
        return { write, value: { outcome: reason === null ? 'refreshed' : 'stopped', stoppedReason: reason } };
      }
      case 'booking_cancelled':
      case 'data_unavailable': {
        const write: StateWrite = { shipment: { isNew: false, values: { id: shipmentId, line_tracking_last_attempted_at: now } } };
        this.addStop(write, loaded, result.outcome, now);
        return { write, value: { outcome: 'stopped', stoppedReason: result.outcome } };
      }
      case 'transient_failure':
      case 'not_found':
      case 'not_manifested':
      case 'invalid_number': {
        // The line did not answer usefully this time: keep everything, try again next cycle,
        // unless it has said nothing new for the whole no-updates window.
        const write: StateWrite = {
          trackingRequests: resumed.trackingRequests,
          shipment: { isNew: false, values: { id: shipmentId, line_tracking_last_attempted_at: now, ...aligned } },
        };
        const changedAt = readBookkeeping(state.shipment)?.carrier_changed_at;
        const reason = automaticStopReason({
          containers: [],
          podAtaAt: state.shipment.pod_ata_at,
          carrierChangedAt: changedAt === undefined ? state.shipment.line_tracking_last_succeeded_at : new Date(changedAt),
          now,
          dayMs: scale.dayMs,
        });
        if (reason !== null) this.addStop(write, loaded, reason, now);
        return { write, value: { outcome: reason === null ? 'line_unavailable' : 'stopped', stoppedReason: reason } };
      }
    }
  }

  /** Brings the requests in line with the shipment: stopped by the client, or resumed. */
  private settle(loaded: LoadedTrackingState, now: Date): StateDecision<AppliedValue> {
    const shipment = loaded.state?.shipment;
    if (!shipment) return null;
    if (shipment.line_tracking_stopped_at === null) {
      const resumed = resumeLinkedRequests(loaded, now);
      return { write: { trackingRequests: resumed.trackingRequests }, value: { outcome: 'settled', stoppedReason: null } };
    }
    const reason = shipment.line_tracking_stopped_reason ?? 'cancelled_by_user';
    const stopped = stopLinkedRequests(loaded, reason, now, randomUUID);
    const write: StateWrite = { trackingRequests: stopped.trackingRequests, events: stopped.events };
    // The stop endpoint only marks the shipment; the schedule is dropped here.
    if (shipment.next_refresh_at !== null) write.shipment = { isNew: false, values: { id: shipment.id, next_refresh_at: null } };
    return { write, value: { outcome: 'settled', stoppedReason: reason } };
  }

  private addStop(write: StateWrite, loaded: LoadedTrackingState, reason: TrackingStoppedReason, now: Date): void {
    const stopped = stopLinkedRequests(loaded, reason, now, randomUUID);
    if (write.shipment) write.shipment.values = { ...write.shipment.values, ...stoppedShipmentValues(reason, now) };
    // Resumed-then-stopped in one go is just stopped.
    const stoppedIds = new Set(stopped.trackingRequests.map((r) => r.id));
    write.trackingRequests = [...(write.trackingRequests ?? []).filter((r) => !stoppedIds.has(r.id)), ...stopped.trackingRequests];
    write.events = [...(write.events ?? []), ...stopped.events];
  }
}
