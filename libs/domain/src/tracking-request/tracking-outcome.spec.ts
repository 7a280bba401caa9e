import fc from 'fast-check';
import {
  REQUEST_TYPES,
  TRACKING_REQUEST_STATUSES,
  TEMPORARY_FAILED_REASONS,
  PERMANENT_FAILED_REASONS,
} from '../enums/tracking-request.enum';
import type { RequestType, TrackingRequestStatus } from '../enums/tracking-request.enum';
import { DomainError } from '../errors/domain-error';
import { transientRetrySchedule } from './retry-policy';
import type { TrackingDecision, TrackingOutcome, TrackingRequestState } from './tracking-outcome';
import { TRACKING_OUTCOMES, TRANSIENT_FAILURE_REASONS, decideTrackingOutcome } from './tracking-outcome';

const T0 = new Date('2026-08-14T00:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const DAY = 86_400;

function request(overrides: Partial<TrackingRequestState> = {}): TrackingRequestState {
  return { status: 'pending', request_type: 'bill_of_lading', retry_count: 0, created_at: T0, awaiting_manifest_since: null, ...overrides };
}

function apply(state: TrackingRequestState, decision: TrackingDecision): TrackingRequestState {
  return {
    ...state,
    status: decision.status,
    retry_count: decision.retry_count,
    awaiting_manifest_since: decision.awaiting_manifest_since,
  };
}

describe('decideTrackingOutcome', () => {
  it.each([
    ['bill_of_lading', 'carrier_found', 'succeeded', null, 'tracking_request.succeeded'],
    ['booking_number', 'carrier_found', 'succeeded', null, 'tracking_request.succeeded'],
    ['container', 'carrier_found', 'succeeded', null, 'tracking_request.succeeded'],
    ['container', 'not_found', 'failed', 'not_found', 'tracking_request.failed'],
    ['container', 'not_manifested', 'failed', 'not_found', 'tracking_request.failed'],
    ['bill_of_lading', 'not_found', 'failed', 'not_found', 'tracking_request.failed'],
    ['booking_number', 'not_found', 'failed', 'not_found', 'tracking_request.failed'],
    ['bill_of_lading', 'not_manifested', 'awaiting_manifest', 'awaiting_manifest', 'tracking_request.awaiting_manifest'],
    ['bill_of_lading', 'invalid_number', 'failed', 'invalid_number', 'tracking_request.failed'],
    ['booking_number', 'booking_cancelled', 'failed', 'booking_cancelled', 'tracking_request.failed'],
    ['bill_of_lading', 'duplicate', 'failed', 'duplicate', 'tracking_request.failed'],
    ['container', 'data_unavailable', 'failed', 'data_unavailable', 'tracking_request.failed'],
  ] as const)('a pending %s request that gets %s becomes %s (reason %s, event %s)', (type, outcome, status, reason, event) => {
    const decision = decideTrackingOutcome(request({ request_type: type }), outcome, at(5));
    expect(decision).toMatchObject({ status, failed_reason: reason, event });
  });

  it.each(TRANSIENT_FAILURE_REASONS.map((reason) => [reason]))(
    'a transient %s keeps the request pending and shows the reason while retrying',
    (reason) => {
      const decision = decideTrackingOutcome(request(), { kind: 'transient_failure', reason }, at(10));
      expect(decision).toEqual({
        status: 'pending',
        failed_reason: reason,
        is_retrying: true,
        retry_count: 1,
        event: null,
        retry_at: at(70),
        awaiting_manifest_since: null,
        stopped_reason: null,
        input: 'transient_failure',
      });
    },
  );

  it('retries a transient failure 14 times on the schedule, then fails with retries_exhausted about a day later', () => {
    let state = request({ request_type: 'container' });
    let now = T0;
    const delays: number[] = [];
    let decision = decideTrackingOutcome(state, { kind: 'transient_failure', reason: 'shipping_line_unreachable' }, now);
    while (decision.status === 'pending') {
      delays.push((decision.retry_at!.getTime() - now.getTime()) / 1000);
      now = decision.retry_at!;
      state = apply(state, decision);
      decision = decideTrackingOutcome(state, { kind: 'transient_failure', reason: 'shipping_line_unreachable' }, now);
    }
    expect(delays).toEqual(transientRetrySchedule());
    expect(decision).toMatchObject({
      status: 'failed',
      failed_reason: 'retries_exhausted',
      is_retrying: false,
      retry_count: 14,
      event: 'tracking_request.failed',
      retry_at: null,
    });
    expect((now.getTime() - T0.getTime()) / 1000).toBe(87_300);
  });

  it('waits for a manifest: announces once, re-checks daily, and expires after 7 days', () => {
    let state = request();
    let now = at(60);
    const events: Array<string | null> = [];
    let decision = decideTrackingOutcome(state, 'not_manifested', now);
    expect(decision.awaiting_manifest_since).toEqual(now);
    while (decision.status === 'awaiting_manifest') {
      events.push(decision.event);
      expect(decision).toMatchObject({ failed_reason: 'awaiting_manifest', is_retrying: true });
      now = decision.retry_at!;
      state = apply(state, decision);
      decision = decideTrackingOutcome(state, 'not_manifested', now);
    }
    expect(events).toEqual(['tracking_request.awaiting_manifest', null, null, null, null, null, null]);
    expect(decision).toMatchObject({
      status: 'failed',
      failed_reason: 'expired',
      event: 'tracking_request.failed',
      is_retrying: false,
      input: 'manifest_expired',
    });
    expect(now).toEqual(at(60 + 7 * DAY));
  });

  it.each([
    ['just before 7 days', 7 * DAY - 1, 'awaiting_manifest', null],
    ['at 7 days', 7 * DAY, 'failed', 'expired'],
    ['long after', 30 * DAY, 'failed', 'expired'],
  ] as const)('a manifest re-check %s', (_label, elapsed, status, reason) => {
    const state = request({ status: 'awaiting_manifest', awaiting_manifest_since: T0, retry_count: 3 });
    const decision = decideTrackingOutcome(state, 'not_manifested', at(elapsed));
    expect(decision.status).toBe(status);
    if (reason !== null) expect(decision.failed_reason).toBe(reason);
  });

  it('the last re-check is scheduled at the expiry instant, not a day past it', () => {
    const state = request({ status: 'awaiting_manifest', awaiting_manifest_since: T0 });
    expect(decideTrackingOutcome(state, 'not_manifested', at(6.5 * DAY)).retry_at).toEqual(at(7 * DAY));
  });

  it('a transient failure while awaiting the manifest keeps waiting, and expires on time', () => {
    const state = request({ status: 'awaiting_manifest', awaiting_manifest_since: T0 });
    expect(decideTrackingOutcome(state, { kind: 'transient_failure', reason: 'unrecognized_response' }, at(DAY))).toMatchObject({
      status: 'awaiting_manifest',
      failed_reason: 'awaiting_manifest',
      event: null,
    });
    expect(decideTrackingOutcome(state, { kind: 'transient_failure', reason: 'unrecognized_response' }, at(8 * DAY))).toMatchObject({
      status: 'failed',
      failed_reason: 'expired',
    });
  });

  it('falls back to created_at when the manifest wait has no start recorded (string timestamps accepted)', () => {
    const state = request({ status: 'awaiting_manifest', created_at: T0.toISOString(), awaiting_manifest_since: undefined });
    expect(decideTrackingOutcome(state, 'not_manifested', at(7 * DAY)).failed_reason).toBe('expired');
  });

  it('a manifest that finally shows up succeeds, even late', () => {
    const state = request({ status: 'awaiting_manifest', awaiting_manifest_since: T0, retry_count: 9 });
    expect(decideTrackingOutcome(state, 'carrier_found', at(9 * DAY))).toMatchObject({
      status: 'succeeded',
      event: 'tracking_request.succeeded',
      failed_reason: null,
      is_retrying: false,
      retry_at: null,
      retry_count: 9,
    });
  });

  it.each([
    [{ kind: 'stop_tracking' }, 'cancelled_by_user'],
    [{ kind: 'stop_tracking', reason: 'past_arrival_window' }, 'past_arrival_window'],
    ['booking_cancelled', 'booking_cancelled'],
    ['data_unavailable', 'data_unavailable'],
  ] as const)('a succeeded request stops on %j with reason %s', (outcome, reason) => {
    expect(decideTrackingOutcome(request({ status: 'succeeded' }), outcome, at(1))).toMatchObject({
      status: 'tracking_stopped',
      event: 'tracking_request.tracking_stopped',
      stopped_reason: reason,
      failed_reason: null,
    });
  });

  it('a stopped request resumes to succeeded without a new event', () => {
    expect(decideTrackingOutcome(request({ status: 'tracking_stopped' }), 'resume_tracking', at(1))).toMatchObject({
      status: 'succeeded',
      event: null,
      stopped_reason: null,
    });
  });

  it.each(TRACKING_OUTCOMES.filter((o) => o !== 'transient_failure').map((o) => [o]))(
    'a failed request refuses %s with a 409',
    (outcome) => {
      expect(() => decideTrackingOutcome(request({ status: 'failed' }), outcome, at(1))).toThrow(DomainError);
    },
  );

  it('every (status, request type, outcome, retry count) either gives a consistent decision or a 409', () => {
    const outcomes: TrackingOutcome[] = [
      ...TRACKING_OUTCOMES.filter((o) => o !== 'transient_failure').map((kind) => ({ kind })),
      ...TRANSIENT_FAILURE_REASONS.map((reason) => ({ kind: 'transient_failure', reason }) as const),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom<TrackingRequestStatus>(...TRACKING_REQUEST_STATUSES),
        fc.constantFrom<RequestType>(...REQUEST_TYPES),
        fc.constantFrom(...outcomes),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 10 * DAY }),
        (status, type, outcome, retries, elapsed) => {
          let decision: TrackingDecision;
          try {
            decision = decideTrackingOutcome(
              request({ status, request_type: type, retry_count: retries, awaiting_manifest_since: T0 }),
              outcome,
              at(elapsed),
            );
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            return;
          }
          const retrying = decision.status === 'pending' || decision.status === 'awaiting_manifest';
          expect(decision.is_retrying).toBe(retrying);
          expect(decision.retry_at !== null).toBe(retrying);
          if (retrying) {
            expect(TEMPORARY_FAILED_REASONS).toContain(decision.failed_reason);
            expect(decision.retry_count).toBe(retries + 1);
            expect(decision.retry_at!.getTime()).toBeGreaterThan(at(elapsed).getTime());
          } else {
            expect(decision.retry_count).toBe(retries);
          }
          if (decision.status === 'failed') {
            expect(PERMANENT_FAILED_REASONS).toContain(decision.failed_reason);
            expect(decision.event).toBe('tracking_request.failed');
          } else if (!retrying) {
            expect(decision.failed_reason).toBeNull();
          }
          // A container request never enters awaiting_manifest (it cannot be there to begin with, but the table tolerates it).
          if (type === 'container' && status !== 'awaiting_manifest') expect(decision.status).not.toBe('awaiting_manifest');
        },
      ),
    );
  });
});
