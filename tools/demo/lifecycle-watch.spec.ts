import { LifecycleWatch } from './lifecycle-watch';
import type { NotificationView } from './notification-view';

const FULL = { id: 'r-full', number: 'TEST-TR-FULL-LIFECYCLE', status: 'pending', failedReason: null };
const FAILED = { id: 'r-failed', number: 'TEST-TR-FAILED', status: 'pending', failedReason: null };
const lifecycle = { number: 'TEST-TR-FULL-LIFECYCLE', containers: ['QSDU2020550'] };

function view(event: string, extra: Partial<NotificationView> = {}): NotificationView {
  return { id: event, event, subject: '', detail: '', containerNumber: null, trackingRequestId: null, failedReason: null, ...extra };
}

describe('LifecycleWatch: when the demo is done', () => {
  it('is done once every request settled and the watched container was returned empty', () => {
    const watch = new LifecycleWatch([FULL, FAILED], lifecycle);
    watch.noteNotification(view('tracking_request.failed', { trackingRequestId: 'r-failed', failedReason: 'not_found' }));
    watch.noteNotification(view('tracking_request.succeeded', { trackingRequestId: 'r-full' }));
    expect([watch.settled, watch.complete]).toEqual([2, false]);
    expect(watch.toPoll().map((r) => r.number)).toEqual(['TEST-TR-FULL-LIFECYCLE']);
    watch.noteNotification(view('container.transport.vessel_departed', { containerNumber: 'QSDU2020550' }));
    expect(watch.lifecycleProgress).toBe('QSDU2020550 vessel_departed');
    watch.noteNotification(view('container.transport.empty_in', { containerNumber: 'QSDU2020550' }));
    expect(watch.complete).toBe(true);
    expect(watch.requestLines()).toEqual([
      { number: 'TEST-TR-FULL-LIFECYCLE', status: 'succeeded', failedReason: null },
      { number: 'TEST-TR-FAILED', status: 'failed', failedReason: 'not_found' },
    ]);
  });

  it.each([
    ['the API reports the watched request stopped', { ...FULL, status: 'tracking_stopped' }, true],
    ['the API reports it awaiting its manifest', { ...FULL, status: 'awaiting_manifest' }, false],
  ])('with the other request settled, is done when %s: %s', (_label, state, done) => {
    const watch = new LifecycleWatch([FULL, { ...FAILED, status: 'failed' }], lifecycle);
    watch.noteState(state);
    expect(watch.complete).toBe(done);
  });

  it('never moves a status back (a retried succeeded arriving after the stop)', () => {
    const watch = new LifecycleWatch([FULL], null);
    watch.noteNotification(view('tracking_request.tracking_stopped', { trackingRequestId: 'r-full' }));
    watch.noteNotification(view('tracking_request.succeeded', { trackingRequestId: 'r-full' }));
    expect(watch.requestLines()[0]?.status).toBe('tracking_stopped');
  });

  it('without a watched lifecycle, is done when every request settled', () => {
    const watch = new LifecycleWatch([FAILED], null);
    expect(watch.complete).toBe(false);
    watch.noteState({ ...FAILED, status: 'failed', failedReason: 'not_found' });
    expect(watch.complete).toBe(true);
  });
});
