import type { LoadedTrackingState, NewEvent, StateWrite } from '@quayside/data-access';
import type { TrackingStoppedReason } from '@quayside/domain';
import { decideTrackingOutcome } from '@quayside/domain';
import { trackingRequestEventRow } from './event-rows';

export interface TrackingStatusChange {
  trackingRequests: NonNullable<StateWrite['trackingRequests']>;
  events: NewEvent[];
}

function requestState(request: LoadedTrackingState['linkedRequests'][number]): Parameters<typeof decideTrackingOutcome>[0] {
  return {
    status: request.status,
    request_type: request.request_type,
    retry_count: request.retry_count,
    created_at: request.created_at,
    awaiting_manifest_since: request.awaiting_manifest_since,
  };
}

/**
 * Stopping a shipment moves each of its succeeded tracking requests to `tracking_stopped`
 * (the domain's move) and emits `tracking_request.tracking_stopped` once per request, keyed by
 * the stop (`stoppedAt`). A request already stopped stays as it is and emits nothing, so
 * settling twice is harmless.
 */
export function stopLinkedRequests(
  loaded: Pick<LoadedTrackingState, 'state' | 'linkedRequests'>,
  reason: TrackingStoppedReason,
  now: Date,
  newId: () => string,
  stoppedAt: Date = now,
): TrackingStatusChange {
  const change: TrackingStatusChange = { trackingRequests: [], events: [] };
  const shipmentId = loaded.state?.shipment.id ?? null;
  for (const request of loaded.linkedRequests) {
    if (request.status !== 'succeeded') continue;
    const decision = decideTrackingOutcome(requestState(request), { kind: 'stop_tracking', reason }, now);
    const values = {
      status: decision.status,
      failed_reason: decision.failed_reason,
      is_retrying: decision.is_retrying,
      next_attempt_at: null,
    };
    change.trackingRequests.push({ id: request.id, values });
    if (decision.event === 'tracking_request.tracking_stopped') {
      change.events.push(
        trackingRequestEventRow(newId, { ...request, ...values }, decision.event, shipmentId, now, {
          stopped_reason: decision.stopped_reason ?? reason,
          stopped_at: stoppedAt,
        }),
      );
    }
  }
  return change;
}

/** Resuming brings stopped requests back to `succeeded`; the domain emits nothing for it. */
export function resumeLinkedRequests(loaded: Pick<LoadedTrackingState, 'linkedRequests'>, now: Date): TrackingStatusChange {
  const change: TrackingStatusChange = { trackingRequests: [], events: [] };
  for (const request of loaded.linkedRequests) {
    if (request.status !== 'tracking_stopped') continue;
    const decision = decideTrackingOutcome(requestState(request), 'resume_tracking', now);
    change.trackingRequests.push({
      id: request.id,
      values: { status: decision.status, failed_reason: decision.failed_reason, is_retrying: false },
    });
  }
  return change;
}

/** The shipment columns of a stop. */
export function stoppedShipmentValues(
  reason: TrackingStoppedReason,
  now: Date,
): { line_tracking_stopped_at: Date; line_tracking_stopped_reason: TrackingStoppedReason } {
  return { line_tracking_stopped_at: now, line_tracking_stopped_reason: reason };
}
