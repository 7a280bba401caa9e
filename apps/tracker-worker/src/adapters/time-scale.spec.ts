import { RETRY_POLICY, decideTrackingOutcome } from '@quayside/domain';
import { TimeScale } from './time-scale';

describe('time scale of sandbox shipments', () => {
  it('leaves real carriers on the domain policy', () => {
    expect(TimeScale.REAL.retryPolicy()).toBe(RETRY_POLICY);
    expect(TimeScale.REAL.dayMs).toBe(86_400_000);
  });

  it('a day in five seconds makes the first retry come after 60 s / 17 280 and the daily manifest re-check after 5 s', () => {
    const scale = new TimeScale(17_280);
    const now = new Date('2026-08-14T00:00:00.000Z');
    const pending = { status: 'pending' as const, request_type: 'bill_of_lading' as const, retry_count: 0, created_at: now };
    const retry = decideTrackingOutcome(
      pending,
      { kind: 'transient_failure', reason: 'shipping_line_unreachable' },
      now,
      scale.retryPolicy(),
    );
    expect(retry.retry_at?.getTime()).toBeCloseTo(now.getTime() + 60_000 / 17_280, 0);
    const waiting = decideTrackingOutcome(pending, 'not_manifested', now, scale.retryPolicy());
    expect(waiting.retry_at?.getTime()).toBe(now.getTime() + 5000);
  });

  it.each([[0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses compression %p', (value) => {
    expect(() => new TimeScale(value)).toThrow(RangeError);
  });
});
