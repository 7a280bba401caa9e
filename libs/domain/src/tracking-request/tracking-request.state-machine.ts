import type { EventName } from '../enums/event-name.enum';
import type { TrackingRequestStatus } from '../enums/tracking-request.enum';
import type { DomainError } from '../errors/domain-error';
import { illegalTransition } from '../errors/error-catalog';

/**
 * The inputs of the transition table. They are what an outcome becomes once its context is
 * known (see `decideTrackingOutcome`): e.g. a transient failure on the 15th attempt is
 * `retries_exhausted`, a container number "not manifested" is `not_found`, a manifest re-check
 * after 7 days is `manifest_expired`.
 */
export const TRACKING_TRANSITION_INPUTS = [
  'carrier_found',
  'not_manifested',
  'manifest_expired',
  'transient_failure',
  'retries_exhausted',
  'not_found',
  'invalid_number',
  'booking_cancelled',
  'duplicate',
  'data_unavailable',
  'stop_tracking',
  'resume_tracking',
] as const;
export type TrackingTransitionInput = (typeof TRACKING_TRANSITION_INPUTS)[number];

export interface TrackingTransition {
  readonly to: TrackingRequestStatus;
  /** The webhook event the move emits, null when it emits none (a self-loop or a resume). */
  readonly event: EventName | null;
}

type TransitionRow = Readonly<Partial<Record<TrackingTransitionInput, TrackingTransition>>>;

const SUCCEEDED: TrackingTransition = { to: 'succeeded', event: 'tracking_request.succeeded' };
const FAILED: TrackingTransition = { to: 'failed', event: 'tracking_request.failed' };
const STOPPED: TrackingTransition = { to: 'tracking_stopped', event: 'tracking_request.tracking_stopped' };

/**
 * docs/tracking-requests.md plus the moves it leaves open. A pair missing from a row is illegal.
 * `failed` is final. `awaiting_manifest` emits its event only on entry, never on a re-check.
 * A stopped request resumes to `succeeded` without a second `tracking_request.succeeded`.
 * Stop and resume are idempotent (self-loops without events) so a repeated click is harmless.
 */
export const TRACKING_REQUEST_TRANSITIONS: Readonly<Record<TrackingRequestStatus, TransitionRow>> = {
  pending: {
    carrier_found: SUCCEEDED,
    not_manifested: { to: 'awaiting_manifest', event: 'tracking_request.awaiting_manifest' },
    transient_failure: { to: 'pending', event: null },
    retries_exhausted: FAILED,
    not_found: FAILED,
    invalid_number: FAILED,
    booking_cancelled: FAILED,
    duplicate: FAILED,
    data_unavailable: FAILED,
  },
  awaiting_manifest: {
    carrier_found: SUCCEEDED,
    not_manifested: { to: 'awaiting_manifest', event: null },
    transient_failure: { to: 'awaiting_manifest', event: null },
    manifest_expired: FAILED,
    not_found: FAILED,
    invalid_number: FAILED,
    booking_cancelled: FAILED,
    data_unavailable: FAILED,
  },
  succeeded: {
    // A job that runs again after success finds the shipment again: nothing new to say.
    carrier_found: { to: 'succeeded', event: null },
    stop_tracking: STOPPED,
    booking_cancelled: STOPPED,
    data_unavailable: STOPPED,
    resume_tracking: { to: 'succeeded', event: null },
  },
  failed: {},
  tracking_stopped: {
    resume_tracking: { to: 'succeeded', event: null },
    stop_tracking: { to: 'tracking_stopped', event: null },
  },
};

/** The move for (state, input), or null when the table has none. */
export function findTrackingTransition(from: TrackingRequestStatus, input: TrackingTransitionInput): TrackingTransition | null {
  return TRACKING_REQUEST_TRANSITIONS[from][input] ?? null;
}

/** The move for (state, input); an illegal move throws a 409 `illegal_transition` DomainError. */
export function transitionTrackingRequest(from: TrackingRequestStatus, input: TrackingTransitionInput): TrackingTransition {
  const transition = findTrackingTransition(from, input);
  if (transition === null) throw illegalTrackingTransition(from, input);
  return transition;
}

export function illegalTrackingTransition(from: TrackingRequestStatus, input: string): DomainError {
  return illegalTransition('tracking_request', from, input);
}
