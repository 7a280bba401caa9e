import type { EventName } from '../enums/event-name.enum';
import type { TrackingRequestStatus } from '../enums/tracking-request.enum';
import { TRACKING_REQUEST_STATUSES } from '../enums/tracking-request.enum';
import { DomainError } from '../errors/domain-error';
import type { TrackingTransitionInput } from './tracking-request.state-machine';
import {
  TRACKING_REQUEST_TRANSITIONS,
  TRACKING_TRANSITION_INPUTS,
  findTrackingTransition,
  transitionTrackingRequest,
} from './tracking-request.state-machine';

// Every legal move, written out independently of the table under test.
const LEGAL: ReadonlyArray<[TrackingRequestStatus, TrackingTransitionInput, TrackingRequestStatus, EventName | null]> = [
  ['pending', 'carrier_found', 'succeeded', 'tracking_request.succeeded'],
  ['pending', 'not_manifested', 'awaiting_manifest', 'tracking_request.awaiting_manifest'],
  ['pending', 'transient_failure', 'pending', null],
  ['pending', 'retries_exhausted', 'failed', 'tracking_request.failed'],
  ['pending', 'not_found', 'failed', 'tracking_request.failed'],
  ['pending', 'invalid_number', 'failed', 'tracking_request.failed'],
  ['pending', 'booking_cancelled', 'failed', 'tracking_request.failed'],
  ['pending', 'duplicate', 'failed', 'tracking_request.failed'],
  ['pending', 'data_unavailable', 'failed', 'tracking_request.failed'],
  ['awaiting_manifest', 'carrier_found', 'succeeded', 'tracking_request.succeeded'],
  ['awaiting_manifest', 'not_manifested', 'awaiting_manifest', null],
  ['awaiting_manifest', 'transient_failure', 'awaiting_manifest', null],
  ['awaiting_manifest', 'manifest_expired', 'failed', 'tracking_request.failed'],
  ['awaiting_manifest', 'not_found', 'failed', 'tracking_request.failed'],
  ['awaiting_manifest', 'invalid_number', 'failed', 'tracking_request.failed'],
  ['awaiting_manifest', 'booking_cancelled', 'failed', 'tracking_request.failed'],
  ['awaiting_manifest', 'data_unavailable', 'failed', 'tracking_request.failed'],
  ['succeeded', 'carrier_found', 'succeeded', null],
  ['succeeded', 'stop_tracking', 'tracking_stopped', 'tracking_request.tracking_stopped'],
  ['succeeded', 'booking_cancelled', 'tracking_stopped', 'tracking_request.tracking_stopped'],
  ['succeeded', 'data_unavailable', 'tracking_stopped', 'tracking_request.tracking_stopped'],
  ['succeeded', 'resume_tracking', 'succeeded', null],
  ['tracking_stopped', 'resume_tracking', 'succeeded', null],
  ['tracking_stopped', 'stop_tracking', 'tracking_stopped', null],
];

const legalKeys = new Set(LEGAL.map(([from, input]) => `${from}|${input}`));
const ILLEGAL = TRACKING_REQUEST_STATUSES.flatMap((from) =>
  TRACKING_TRANSITION_INPUTS.filter((input) => !legalKeys.has(`${from}|${input}`)).map((input) => [from, input] as const),
);

describe('tracking request transition table', () => {
  it.each(LEGAL)('%s --%s--> %s emitting %s', (from, input, to, event) => {
    expect(transitionTrackingRequest(from, input)).toEqual({ to, event });
    expect(findTrackingTransition(from, input)).toEqual({ to, event });
  });

  it.each(ILLEGAL)('%s --%s--> is illegal: a 409 domain error', (from, input) => {
    expect(findTrackingTransition(from, input)).toBeNull();
    let thrown: unknown;
    try {
      transitionTrackingRequest(from, input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).kind).toBe('conflict');
    expect((thrown as DomainError).code).toBe('illegal_transition');
    expect((thrown as DomainError).errors[0]?.detail).toContain(`\`${from}\``);
  });

  it('covers every (state, input) pair exactly once between the legal and illegal lists', () => {
    expect(LEGAL.length + ILLEGAL.length).toBe(TRACKING_REQUEST_STATUSES.length * TRACKING_TRANSITION_INPUTS.length);
    const tableSize = TRACKING_REQUEST_STATUSES.reduce((n, s) => n + Object.keys(TRACKING_REQUEST_TRANSITIONS[s]).length, 0);
    expect(tableSize).toBe(LEGAL.length);
  });

  it('failed is final', () => {
    expect(Object.keys(TRACKING_REQUEST_TRANSITIONS.failed)).toEqual([]);
  });

  it('awaiting_manifest is announced only when entered', () => {
    const announcing = LEGAL.filter(([, , , event]) => event === 'tracking_request.awaiting_manifest');
    expect(announcing).toEqual([['pending', 'not_manifested', 'awaiting_manifest', 'tracking_request.awaiting_manifest']]);
  });

  it('every move into failed emits tracking_request.failed and every move into succeeded from elsewhere emits succeeded, except a resume', () => {
    for (const [from, , to, event] of LEGAL) {
      if (to === 'failed') expect(event).toBe('tracking_request.failed');
      if (to === 'succeeded' && from !== 'succeeded' && from !== 'tracking_stopped') expect(event).toBe('tracking_request.succeeded');
    }
  });
});
