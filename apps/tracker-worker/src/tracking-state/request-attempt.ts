import type { CarrierTrackResult } from '@quayside/carriers';
import type { OutboxEntry, StateWrite, TrackingRequestEntity } from '@quayside/data-access';
import type { EventName, FailedReason, TrackingOutcomeInput, TrackingRequestStatus } from '@quayside/domain';
import { decideTrackingOutcome } from '@quayside/domain';
import type { TimeScale } from '../adapters/time-scale';
import { trackingRequestEventRow } from './event-rows';

export const OPEN_STATUSES: readonly TrackingRequestStatus[] = ['pending', 'awaiting_manifest'];

/** What became of the attempt's own tracking request. */
export interface RequestOutcome {
  status: TrackingRequestStatus;
  failedReason: FailedReason | null;
  retryAt: Date | null;
  shipmentId: string | null;
}

export interface AttemptContext {
  now: Date;
  newId: () => string;
  scale: TimeScale;
  /** The outbox row of the request's next attempt. */
  nextAttempt: (request: TrackingRequestEntity, at: Date) => OutboxEntry;
}

function isTrackingRequestEvent(name: EventName): name is Extract<EventName, `tracking_request.${string}`> {
  return name.startsWith('tracking_request.');
}

/** What the carrier answer means for a tracking request (the state machine of docs/tracking-requests.md). */
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
 * The domain's decision on one attempt of a tracking request, as the rows to write: its new
 * state, its event (succeeded when `shipmentId` is the record it now follows) and its next
 * attempt as an outbox row due later, so a lost Redis never loses a retry.
 */
export function decideRequestAttempt(
  request: TrackingRequestEntity,
  result: CarrierTrackResult,
  shipmentId: string | null,
  context: AttemptContext,
): { write: StateWrite; outcome: RequestOutcome } {
  const decision = decideTrackingOutcome(
    {
      status: request.status,
      request_type: request.request_type,
      retry_count: request.retry_count,
      created_at: request.created_at,
      awaiting_manifest_since: request.awaiting_manifest_since,
    },
    trackingOutcomeOf(result),
    context.now,
    context.scale.retryPolicy(),
  );
  const linked = decision.status === 'succeeded' ? shipmentId : null;
  const values = {
    status: decision.status,
    failed_reason: decision.failed_reason,
    is_retrying: decision.is_retrying,
    retry_count: decision.retry_count,
    awaiting_manifest_since: decision.awaiting_manifest_since,
    next_attempt_at: decision.retry_at,
    ...(linked === null ? {} : { tracked_object_id: linked }),
  };
  const write: StateWrite = { trackingRequests: [{ id: request.id, values }], events: [], outbox: [] };
  if (decision.event !== null && isTrackingRequestEvent(decision.event)) {
    write.events = [trackingRequestEventRow(context.newId, { ...request, ...values }, decision.event, linked, context.now)];
  }
  if (decision.retry_at !== null) write.outbox = [context.nextAttempt(request, decision.retry_at)];
  return {
    write,
    outcome: { status: decision.status, failedReason: decision.failed_reason, retryAt: decision.retry_at, shipmentId: linked },
  };
}
