import type { CarrierTrackResult } from '@quayside/carriers';
import type { Follower, LoadedObservation, ObservationDecision, StateWrite } from '@quayside/data-access';
import { journeyFactsOfRecord, journeyOf, refreshPhaseOf } from '@quayside/domain';
import type { Journey, RefreshPhase, TrackingStoppedReason } from '@quayside/domain';
import type { TimeScale } from '../adapters/time-scale';
import type { Observation, ShippingLineRef } from './observation';
import { readBookkeeping, planObservation } from './observation-plan';
import type { AttemptContext, RequestOutcome } from './request-attempt';
import { OPEN_STATUSES, decideRequestAttempt } from './request-attempt';
import { automaticStopReason } from './stop-rules';
import { resumeLinkedRequests, stopLinkedRequests, stoppedShipmentValues } from './stop-tracking';

export type ObservationOutcome = 'refreshed' | 'stopped' | 'line_unavailable' | 'stale';

export interface ObservationValue {
  /** What became of the records (the first active one's stop reason, if it stopped). */
  outcome: ObservationOutcome;
  stoppedReason: TrackingStoppedReason | null;
  /** The records written, in follower order. */
  shipmentIds: string[];
  /** The attempt's own tracking request, when the job was one. */
  request: RequestOutcome | null;
}

export interface DecisionContext extends AttemptContext {
  line: ShippingLineRef | null;
  scale: TimeScale;
  /** A jittered next refresh from now, one interval of the shipment's cadence phase out. */
  nextRefreshAt: (phase: RefreshPhase) => Date;
  /** Until when an answer got now in this phase is as fresh as the cadence allows (`carrier_shipments.fresh_until`). */
  freshUntil: (phase: RefreshPhase) => Date;
}

const isActive = (follower: Follower): boolean => follower.state !== null && follower.state.shipment.line_tracking_stopped_at === null;

/**
 * One observation of a physical shipment, decided for every account following it at once
 * (docs/architecture.md, "Invariants"): each record is diffed against the same observation,
 * so followers receive the same changes; open requests for its numbers join it (a record is
 * created, or a stopped one resumed, for their account); records stopped by their account stay
 * as they are. A stale carrier answer changes nothing; an attempt that brought one is tried
 * again at once. Pure: the caller writes what it returns in one transaction.
 */
export function decideObservation(
  loaded: LoadedObservation,
  result: CarrierTrackResult,
  observed: Observation | null,
  context: DecisionContext,
): ObservationDecision<ObservationValue> {
  const own = loaded.trackingRequest;
  const ownOpen = own !== null && OPEN_STATUSES.includes(own.status);
  if (result.outcome === 'found' && observed !== null && context.line !== null) {
    if (loaded.fresh.carrier !== true) {
      const writes: StateWrite[] = ownOpen ? [{ outbox: [context.nextAttempt(own, context.now)] }] : [];
      return { writes, value: { outcome: 'stale', stoppedReason: null, shipmentIds: [], request: null } };
    }
    return decideFound(loaded, withFreshSources(observed, loaded.fresh), { ...context, line: context.line });
  }
  const writes: StateWrite[] = [];
  let first: { outcome: ObservationOutcome; reason: TrackingStoppedReason | null } | null = null;
  let followed = false;
  for (const follower of loaded.followers.filter(isActive)) {
    const state = follower.state!;
    const write: StateWrite = {
      shipment: { isNew: false, values: { id: state.shipment.id, line_tracking_last_attempted_at: context.now } },
    };
    let reason: TrackingStoppedReason | null = null;
    if (result.outcome === 'booking_cancelled' || result.outcome === 'data_unavailable') reason = result.outcome;
    else {
      // The line did not answer usefully this time: keep everything, unless it has said nothing new for the whole window.
      const changedAt = readBookkeeping(state.shipment)?.carrier_changed_at;
      reason = automaticStopReason({
        containers: [],
        podAtaAt: state.shipment.pod_ata_at,
        carrierChangedAt: changedAt === undefined ? state.shipment.line_tracking_last_succeeded_at : new Date(changedAt),
        now: context.now,
        dayMs: context.scale.dayMs,
      });
    }
    if (reason !== null) addStop(write, follower, reason, context);
    else followed = true;
    writes.push(write);
    first ??= { outcome: reason === null ? 'line_unavailable' : 'stopped', reason };
  }
  const shipmentIds = writes.flatMap((w) => (w.shipment ? [w.shipment.values.id] : []));
  let request: RequestOutcome | null = null;
  if (ownOpen) {
    const attempt = decideRequestAttempt(own, result, null, context);
    writes.push(attempt.write);
    request = attempt.outcome;
  }
  return {
    writes,
    // Nobody follows it any more: no schedule until someone resumes or asks again.
    carrierShipment: followed ? {} : { next_refresh_at: null },
    value: { outcome: first?.outcome ?? 'line_unavailable', stoppedReason: first?.reason ?? null, shipmentIds, request },
  };
}

function decideFound(
  loaded: LoadedObservation,
  observation: Observation,
  context: DecisionContext & { line: ShippingLineRef },
): ObservationDecision<ObservationValue> {
  const writes: StateWrite[] = [];
  const shipmentIds: string[] = [];
  let first: { outcome: ObservationOutcome; reason: TrackingStoppedReason | null } | null = null;
  let request: RequestOutcome | null = null;
  let followed = false;
  /** Every followed container as it will be: the shipment is refreshed by the most urgent of them. */
  const journeys: Journey[] = [];
  let etas: { pod: Date | null; destination: Date | null } = { pod: null, destination: null };
  for (const follower of loaded.followers) {
    const record = follower.state;
    const stopped = record !== null && record.shipment.line_tracking_stopped_at !== null;
    if ((record === null || stopped) && follower.joiningRequests.length === 0) continue;
    // A record stored before physical shipments existed may have no carrier reference: the
    // number the physical shipment is asked by is the one the carrier knows.
    const carrierReference =
      record?.shipment.carrier_reference ?? follower.joiningRequests[0]?.request_number ?? loaded.carrierShipment.query_number;
    const plan = planObservation(scoped(observation, follower), record, {
      view: { accountId: follower.account.id, features: follower.account.features },
      line: context.line,
      now: context.now,
      newId: context.newId,
      carrierShipmentId: loaded.carrierShipment.id,
      carrierReference,
    });
    const write: StateWrite = {
      trackingRequests: [],
      shipment: plan.shipment,
      containers: plan.containers,
      invalidatedTransportEventIds: plan.rows.invalidatedTransportEventIds,
      transportEvents: plan.rows.transportEvents,
      estimatedEvents: plan.rows.estimatedEvents,
      rawEvents: plan.rawEvents,
      events: [],
    };
    const joined = follower.joiningRequests.map((r) =>
      decideRequestAttempt(r, { outcome: 'found', shipment: observation.carrier }, plan.shipmentId, context),
    );
    for (const attempt of joined) {
      write.trackingRequests!.push(...(attempt.write.trackingRequests ?? []));
      write.events!.push(...(attempt.write.events ?? []));
    }
    const ownJoin = follower.joiningRequests.findIndex((r) => r.id === loaded.trackingRequest?.id);
    if (ownJoin >= 0) request = joined[ownJoin]!.outcome;
    if (stopped) {
      // A new request brings a stopped record back: the client asked to follow it again.
      write.shipment!.values = { ...write.shipment!.values, line_tracking_stopped_at: null, line_tracking_stopped_reason: null };
      for (const r of follower.linkedRequests)
        if (r.status === 'tracking_stopped') write.trackingRequests!.push({ id: r.id, values: { status: 'succeeded' } });
    } else if (record !== null) {
      write.trackingRequests!.push(...resumeLinkedRequests(follower, context.now).trackingRequests);
    }
    write.events!.push(...plan.rows.events);
    let reason: TrackingStoppedReason | null = null;
    if (record !== null && !stopped) {
      reason = automaticStopReason({
        containers: plan.containersAfter,
        podAtaAt: plan.shipment.values.pod_ata_at ?? null,
        carrierChangedAt: new Date(plan.bookkeeping.carrier_changed_at),
        now: context.now,
        dayMs: context.scale.dayMs,
      });
      if (reason !== null) addStop(write, follower, reason, context);
      first ??= { outcome: reason === null ? 'refreshed' : 'stopped', reason };
    }
    if (reason === null) {
      followed = true;
      for (const container of plan.containersAfter) journeys.push(journeyOf(journeyFactsOfRecord(container), context.now));
      etas = { pod: plan.shipment.values.pod_eta_at ?? null, destination: plan.shipment.values.destination_eta_at ?? null };
    }
    writes.push(write);
    shipmentIds.push(plan.shipmentId);
  }
  const carrier = observation.carrier;
  // The answer says where the journey is: the next refresh is one interval of that phase from now
  // (docs/tracking-requests.md, "Refresh cadence"), replacing the one set when the refresh was claimed.
  const phase = refreshPhaseOf({ journeys, podEtaAt: etas.pod, destinationEtaAt: etas.destination }, context.now, context.scale.dayMs);
  const schedule = followed ? context.nextRefreshAt(phase) : null;
  // Ask by the broadest number the carrier has given: a bill of lading covers every container.
  const query = carrier.billOfLadingNumber ? { query_type: 'bill_of_lading' as const, query_number: carrier.billOfLadingNumber } : {};
  return {
    writes,
    carrierShipment: {
      next_refresh_at: schedule,
      refresh_phase: followed ? phase : null,
      fresh_until: context.freshUntil(phase),
      ...query,
    },
    value: { outcome: first?.outcome ?? 'refreshed', stoppedReason: first?.reason ?? null, shipmentIds, request },
  };
}

/**
 * What one account asked to follow: every container on the shipment, unless it asked only by
 * container numbers (then those containers only), as a carrier answers a container query.
 */
function scoped(observation: Observation, follower: Follower): Observation {
  const requests = [...follower.linkedRequests, ...follower.joiningRequests];
  if (requests.length === 0 || requests.some((r) => r.request_type !== 'container')) return observation;
  const numbers = new Set(requests.map((r) => r.request_number));
  const stored = new Set(follower.state?.containers.map((c) => c.number) ?? []);
  const containers = observation.carrier.containers.filter((c) => numbers.has(c.number) || stored.has(c.number));
  return { ...observation, carrier: { ...observation.carrier, containers } };
}

/** A terminal or rail answer older than what was applied is treated as unavailable: stored facts stay. */
function withFreshSources(observation: Observation, fresh: LoadedObservation['fresh']): Observation {
  return {
    ...observation,
    terminal: fresh.terminal === false ? { kind: 'failed' } : observation.terminal,
    rail:
      fresh.rail === false
        ? { byContainer: new Map(), failed: new Set(observation.carrier.containers.map((c) => c.number)) }
        : observation.rail,
  };
}

function addStop(write: StateWrite, follower: Follower, reason: TrackingStoppedReason, context: DecisionContext): void {
  const stopped = stopLinkedRequests(follower, reason, context.now, context.newId);
  if (write.shipment) write.shipment.values = { ...write.shipment.values, ...stoppedShipmentValues(reason, context.now) };
  // Resumed-then-stopped in one go is just stopped.
  const stoppedIds = new Set(stopped.trackingRequests.map((r) => r.id));
  write.trackingRequests = [...(write.trackingRequests ?? []).filter((r) => !stoppedIds.has(r.id)), ...stopped.trackingRequests];
  write.events = [...(write.events ?? []), ...stopped.events];
}
