import type { EventName } from '../enums/event-name.enum';
import type {
  FailedReason,
  PermanentFailedReason,
  RequestType,
  TemporaryFailedReason,
  TrackingRequestStatus,
  TrackingStoppedReason,
} from '../enums/tracking-request.enum';
import type { RetryPolicy } from './retry-policy';
import { RETRY_POLICY, transientRetryDelaySeconds } from './retry-policy';
import type { TrackingTransitionInput } from './tracking-request.state-machine';
import { transitionTrackingRequest } from './tracking-request.state-machine';

/** What a carrier call (or the client) says about a tracking request. */
export const TRACKING_OUTCOMES = [
  'carrier_found',
  'not_found',
  'not_manifested',
  'transient_failure',
  'invalid_number',
  'booking_cancelled',
  'duplicate',
  'data_unavailable',
  'stop_tracking',
  'resume_tracking',
] as const;
export type TrackingOutcomeKind = (typeof TRACKING_OUTCOMES)[number];

/** The temporary reasons a carrier call can fail with (`awaiting_manifest` has its own outcome). */
export type TransientFailureReason = Exclude<TemporaryFailedReason, 'awaiting_manifest'>;
/** @internal Exported for tests: tests enumerate the reasons. */
export const TRANSIENT_FAILURE_REASONS = [
  'unrecognized_response',
  'shipping_line_unreachable',
  'internal_processing_error',
] as const satisfies readonly TransientFailureReason[];

export type TrackingOutcome =
  | { kind: Exclude<TrackingOutcomeKind, 'transient_failure' | 'stop_tracking'> }
  | { kind: 'transient_failure'; reason: TransientFailureReason }
  | { kind: 'stop_tracking'; reason?: TrackingStoppedReason };

/** A bare kind is accepted wherever no detail is needed; a transient failure must name its reason. */
export type TrackingOutcomeInput = TrackingOutcome | Exclude<TrackingOutcomeKind, 'transient_failure'>;

export interface TrackingRequestState {
  status: TrackingRequestStatus;
  request_type: RequestType;
  retry_count: number;
  created_at: Date | string;
  /** When the request entered `awaiting_manifest`; null/absent falls back to `created_at`. */
  awaiting_manifest_since?: Date | string | null;
}

export interface TrackingDecision {
  status: TrackingRequestStatus;
  /** A temporary reason while retrying, a permanent one once failed, null otherwise. */
  failed_reason: FailedReason | null;
  is_retrying: boolean;
  retry_count: number;
  /** The event to emit, at most one per decision. */
  event: EventName | null;
  /** When to call the carrier again; null when nothing is scheduled. */
  retry_at: Date | null;
  awaiting_manifest_since: Date | null;
  /** Why tracking stopped, when the decision is `tracking_stopped`. */
  stopped_reason: TrackingStoppedReason | null;
  /** The table input the outcome resolved to (for logs and metrics). */
  input: TrackingTransitionInput;
}

const PERMANENT_REASON_BY_INPUT: Partial<Record<TrackingTransitionInput, PermanentFailedReason>> = {
  retries_exhausted: 'retries_exhausted',
  manifest_expired: 'expired',
  not_found: 'not_found',
  invalid_number: 'invalid_number',
  booking_cancelled: 'booking_cancelled',
  duplicate: 'duplicate',
  data_unavailable: 'data_unavailable',
};

/**
 * Applies one outcome to a tracking request: resolves the outcome to a table input using the
 * request's context, takes the (legal) move, and says what to store, emit and schedule.
 * An illegal move throws a 409 `illegal_transition` DomainError.
 *
 * - `not_found` (the carrier knows no such number) fails at once with `not_found`. A bill of
 *   lading or booking that is `not_manifested` waits in `awaiting_manifest`; a container
 *   number cannot be unmanifested, so for it `not_manifested` is `not_found` too.
 * - A transient failure in `pending` after 14 retries fails with `retries_exhausted`.
 * - In `awaiting_manifest`, a re-check that still finds nothing (or fails transiently) 7 days
 *   or more after entering it fails with `expired`; a later success still wins.
 */
export function decideTrackingOutcome(
  request: TrackingRequestState,
  outcomeInput: TrackingOutcomeInput,
  now: Date,
  policy: RetryPolicy = RETRY_POLICY,
): TrackingDecision {
  const outcome: TrackingOutcome = typeof outcomeInput === 'string' ? { kind: outcomeInput } : outcomeInput;
  const manifestSince = toDate(request.awaiting_manifest_since ?? null) ?? toRequiredDate(request.created_at);
  const input = resolveInput(request, outcome, now, manifestSince, policy);
  const { to, event } = transitionTrackingRequest(request.status, input);
  const base = { status: to, event, input, retry_count: request.retry_count };
  const keptSince = toDate(request.awaiting_manifest_since ?? null);

  switch (to) {
    case 'pending': {
      const reason = outcome.kind === 'transient_failure' ? outcome.reason : 'internal_processing_error';
      const delay = transientRetryDelaySeconds(request.retry_count, policy.transient);
      return {
        ...base,
        failed_reason: reason,
        is_retrying: true,
        retry_count: request.retry_count + 1,
        retry_at: addSeconds(now, delay),
        awaiting_manifest_since: keptSince,
        stopped_reason: null,
      };
    }
    case 'awaiting_manifest': {
      const since = request.status === 'awaiting_manifest' ? manifestSince : now;
      const expiresAt = addSeconds(since, policy.awaiting_manifest.expires_after_seconds);
      const nextCheck = addSeconds(now, policy.awaiting_manifest.recheck_interval_seconds);
      return {
        ...base,
        failed_reason: 'awaiting_manifest',
        is_retrying: true,
        retry_count: request.retry_count + 1,
        // The last re-check lands on the expiry instant, so `expired` is decided on time.
        retry_at: nextCheck < expiresAt ? nextCheck : expiresAt,
        awaiting_manifest_since: since,
        stopped_reason: null,
      };
    }
    case 'succeeded':
      return { ...base, failed_reason: null, is_retrying: false, retry_at: null, awaiting_manifest_since: keptSince, stopped_reason: null };
    case 'failed':
      return {
        ...base,
        failed_reason: PERMANENT_REASON_BY_INPUT[input] ?? 'data_unavailable',
        is_retrying: false,
        retry_at: null,
        awaiting_manifest_since: keptSince,
        stopped_reason: null,
      };
    case 'tracking_stopped':
      return {
        ...base,
        failed_reason: null,
        is_retrying: false,
        retry_at: null,
        awaiting_manifest_since: keptSince,
        stopped_reason: stoppedReason(outcome),
      };
  }
}

function resolveInput(
  request: TrackingRequestState,
  outcome: TrackingOutcome,
  now: Date,
  manifestSince: Date,
  policy: RetryPolicy,
): TrackingTransitionInput {
  const expired =
    request.status === 'awaiting_manifest' &&
    now.getTime() - manifestSince.getTime() >= policy.awaiting_manifest.expires_after_seconds * 1000;
  switch (outcome.kind) {
    case 'not_found':
      // The carrier says the number does not exist (adapters say `not_manifested` when it may
      // simply not be manifested yet): fails at once, whatever the kind of number.
      return 'not_found';
    case 'not_manifested':
      // Containers are not manifested: an unknown container number is simply not found.
      if (request.request_type === 'container') return 'not_found';
      return expired ? 'manifest_expired' : 'not_manifested';
    case 'transient_failure':
      if (expired) return 'manifest_expired';
      if (request.status === 'pending' && request.retry_count >= policy.transient.max_retries) return 'retries_exhausted';
      return 'transient_failure';
    case 'carrier_found':
    case 'invalid_number':
    case 'booking_cancelled':
    case 'duplicate':
    case 'data_unavailable':
    case 'stop_tracking':
    case 'resume_tracking':
      return outcome.kind;
  }
}

function stoppedReason(outcome: TrackingOutcome): TrackingStoppedReason {
  switch (outcome.kind) {
    case 'stop_tracking':
      return outcome.reason ?? 'cancelled_by_user';
    case 'booking_cancelled':
      return 'booking_cancelled';
    case 'data_unavailable':
      return 'data_unavailable';
    default:
      return 'cancelled_by_user';
  }
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : toRequiredDate(value);
}

function toRequiredDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a timestamp: ${String(value)}`);
  return date;
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
