import type { EventName } from '@quayside/domain';
import { sampleNotificationPayload } from '@quayside/webhooks';
import { formatElapsed, formatNotificationLine, formatProgress, formatSummary } from './demo-format';
import { DeliveryTally } from './delivery-tally';
import { describeChangeset, describeNotification } from './notification-view';

describe('what the demo reads from a notification (the payloads real deliveries carry)', () => {
  it.each<[EventName, string, string]>([
    ['tracking_request.succeeded', 'MEDUQS123456', 'succeeded'],
    ['container.transport.vessel_discharged', 'MSCU1824900', 'USOAK 2026-08-14 09:12'],
    ['shipment.estimated.arrival', 'MEDUQS123456', 'USOAK estimated 2026-08-15 14:00'],
    ['container.updated', 'MSCU1824900', 'available_for_pickup false → true; holds_at_pod_terminal [customs] → []'],
    ['container.created', 'MSCU1824900', '40ft standard dry'],
    ['container.pickup_lfd_terminal.changed', 'MSCU1824900', 'now 2026-08-19 07:00'],
    ['container.pickup_appointment.changed', 'MSCU1824900', 'now none'],
    ['tracking_request.failed', 'MEDUQS123456', 'failed (not_found)'],
    ['tracking_request.awaiting_manifest', 'MEDUQS123456', 'awaiting_manifest'],
  ])('%s: subject %s, detail "%s"', (event, subject, detail) => {
    const view = describeNotification(JSON.parse(JSON.stringify(sampleNotificationPayload(event, { notificationId: 'n-1' }))));
    expect(view).toMatchObject({ id: 'n-1', event, subject, detail });
  });

  it('names the container of a container event and the request of a tracking request event', () => {
    const container = describeNotification(sampleNotificationPayload('container.transport.full_out'));
    const request = describeNotification(sampleNotificationPayload('tracking_request.failed'));
    expect(container).toMatchObject({ containerNumber: 'MSCU1824900', trackingRequestId: null });
    expect(request?.containerNumber).toBeNull();
    expect(request?.trackingRequestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    null,
    'text',
    { data: { type: 'container', id: 'x', attributes: {} } },
    { data: { type: 'webhook_notification', attributes: {} } },
  ])('is not fooled by a body that is not a notification: %j', (body) => {
    expect(describeNotification(body)).toBeNull();
  });

  it.each<[Record<string, unknown>, string]>([
    [
      {
        holds_at_pod_terminal: [
          [],
          [
            { name: 'freight', status: 'hold' },
            { name: 'USDA', status: 'pending' },
          ],
        ],
      },
      'holds_at_pod_terminal [] → [freight, USDA (pending)]',
    ],
    [
      { fees_at_pod_terminal: [[{ type: 'demurrage', amount: 150, currency: 'USD' }], []] },
      'fees_at_pod_terminal [demurrage 150 USD] → []',
    ],
    [{ pickup_lfd: [null, '2026-08-21T07:00:00.000Z'] }, 'pickup_lfd none → 2026-08-21 07:00'],
    [{ location_at_pod_terminal: ['Row 3, Bay 17', null], broken: 'not a pair' }, 'location_at_pod_terminal Row 3, Bay 17 → none'],
  ])('summarises the changeset %j', (changeset, expected) => {
    expect(describeChangeset(changeset)).toBe(expected);
  });
});

describe('DeliveryTally', () => {
  it('counts a repeated notification id as a retry, a bad signature as a rejection, and events once per id', () => {
    const tally = new DeliveryTally();
    const outcomes = [
      tally.record({ id: 'a', event: 'container.updated', verified: true }),
      tally.record({ id: 'b', event: 'container.updated', verified: true }),
      tally.record({ id: 'a', event: 'container.updated', verified: true }),
      tally.record({ id: 'c', event: 'tracking_request.succeeded', verified: false }),
      tally.record({ id: 'd', event: 'container.created', verified: true }),
    ];
    expect(outcomes).toEqual(['new', 'new', 'retry', 'rejected', 'new']);
    expect(tally.snapshot()).toEqual({
      deliveries: 5,
      notifications: 3,
      retries: 1,
      signatureFailures: 1,
      perEvent: [
        ['container.updated', 2],
        ['container.created', 1],
      ],
    });
  });
});

describe('demo output', () => {
  it.each([
    [0, '0s'],
    [59_999, '59s'],
    [60_000, '1m 00s'],
    [137_500, '2m 17s'],
  ])('elapsed %i ms reads %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });

  it('prints a notification on one line with its UTC time, marking retries and rejections', () => {
    const view = {
      id: 'n',
      event: 'container.transport.empty_in',
      subject: 'QSDU2020550',
      detail: 'USLAX 2026-09-10 08:00',
      containerNumber: null,
      trackingRequestId: null,
      failedReason: null,
    };
    const at = new Date('2026-08-14T09:30:05.123Z');
    expect(formatNotificationLine(at, view, 'new')).toBe(
      '09:30:05.123  container.transport.empty_in                   QSDU2020550                USLAX 2026-09-10 08:00',
    );
    expect(formatNotificationLine(at, view, 'retry')).toMatch(/ \(retry\)$/);
    expect(formatNotificationLine(at, view, 'rejected')).toMatch(/ REJECTED: bad signature$/);
  });

  it('shows progress: time, settled requests, counts, and where the watched container is', () => {
    const tally = { deliveries: 40, notifications: 38, retries: 2, signatureFailures: 0, perEvent: [] };
    expect(formatProgress({ elapsedMs: 42_000, settled: 5, total: 6, tally, lifecycle: 'QSDU2020550 vessel_departed' })).toBe(
      '  … 42s · requests 5/6 settled · 38 notifications · 2 retries · 0 rejected · QSDU2020550 vessel_departed',
    );
  });

  it('ends with a table: notifications per event, deliveries, retries, failures and each request', () => {
    const tally = new DeliveryTally();
    tally.record({ id: '1', event: 'tracking_request.succeeded', verified: true });
    tally.record({ id: '2', event: 'container.updated', verified: true });
    tally.record({ id: '2', event: 'container.updated', verified: true });
    tally.record({ id: '3', event: 'container.updated', verified: true });
    const text = formatSummary({
      elapsedMs: 137_000,
      tally: tally.snapshot(),
      failedDeliveries: 0,
      ending: 'complete',
      requests: [
        { number: 'TEST-TR-FULL-LIFECYCLE', status: 'tracking_stopped', failedReason: null },
        { number: 'TEST-TR-FAILED', status: 'failed', failedReason: 'not_found' },
      ],
    });
    const pad = (label: string, value: string | number): string => `  ${label.padEnd(46)} ${String(value).padStart(8)}`;
    expect(text.split('\n')).toEqual([
      '',
      'Summary after 2m 17s (every lifecycle complete)',
      '',
      pad('event', 'count'),
      `  ${'-'.repeat(46)} ${'-'.repeat(8)}`,
      pad('container.updated', 2),
      pad('tracking_request.succeeded', 1),
      `  ${'-'.repeat(46)} ${'-'.repeat(8)}`,
      pad('notifications (distinct ids)', 3),
      pad('deliveries received', 4),
      pad('retries (an id received again)', 1),
      pad('failed deliveries (service reports failed)', 0),
      pad('rejected deliveries (signature did not verify)', 0),
      '',
      `${'  tracking request'.padEnd(48)} status`,
      `  ${'-'.repeat(46)} ${'-'.repeat(8)}`,
      `  ${'TEST-TR-FULL-LIFECYCLE'.padEnd(46)} tracking_stopped`,
      `  ${'TEST-TR-FAILED'.padEnd(46)} failed (not_found)`,
      '',
    ]);
  });

  it('keeps the counts in one column when an event name is longer than the table', () => {
    const tally = new DeliveryTally();
    tally.record({ id: '1', event: 'container.transport.estimated.arrived_at_inland_destination', verified: true });
    tally.record({ id: '2', event: 'container.created', verified: true });
    const rows = formatSummary({ elapsedMs: 0, tally: tally.snapshot(), failedDeliveries: 0, ending: 'complete', requests: [] })
      .split('\n')
      .filter((l) => /\d$/.test(l) && l.startsWith('  '));
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
  });

  it('says when nothing arrived and when the service could not report failures', () => {
    const text = formatSummary({
      elapsedMs: 1_000,
      tally: new DeliveryTally().snapshot(),
      failedDeliveries: null,
      ending: 'timeout',
      requests: [],
    });
    expect(text).toContain('(no notifications received)');
    expect(text).toContain('stopped at the time limit');
    expect(text).toMatch(/failed deliveries \(service reports failed\) +n\/a/);
  });
});
