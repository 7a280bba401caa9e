import type { CarrierAdapter, CarrierTrackResult } from '@quayside/carriers';
import { MetricsService } from '@quayside/platform';
import type { TimeScale } from './time-scale';
import { InstrumentedTrackingAdapters } from './instrumented-tracking-adapters';
import { TrackingAdapters } from './tracking-adapters';

class FakeAdapters extends TrackingAdapters {
  constructor(private readonly results: CarrierTrackResult[]) {
    super();
  }
  carrier(scac: string): CarrierAdapter | null {
    if (scac !== 'TEST') return null;
    return {
      track: async () => {
        const next = this.results.shift();
        if (!next) throw new Error('adapter bug');
        return next;
      },
    };
  }
  terminal(): null {
    return null;
  }
  rail(): null {
    return null;
  }
  timeScale(): TimeScale {
    throw new Error('not used');
  }
  sources(): [] {
    return [];
  }
}

const query = { kind: 'bill_of_lading' as const, number: 'X', scac: 'TEST', trackingSince: new Date(0), now: new Date(0) };

describe('InstrumentedTrackingAdapters', () => {
  it('counts carrier calls by outcome, transient failures by reason, and thrown errors', async () => {
    const metrics = new MetricsService('tracker-worker');
    const adapters = new InstrumentedTrackingAdapters(
      new FakeAdapters([
        { outcome: 'not_found' },
        { outcome: 'transient_failure', reason: 'shipping_line_unreachable', errorClass: 'unreachable', detail: 'timeout' },
      ]),
      { metrics },
    );
    const carrier = adapters.carrier('TEST')!;
    await carrier.track(query);
    await carrier.track(query);
    await expect(carrier.track(query)).rejects.toThrow('adapter bug');
    const { body } = await metrics.render();
    for (const outcome of ['not_found', 'shipping_line_unreachable', 'error']) {
      expect(body).toContain(`quayside_carrier_calls_total{kind="carrier",source="TEST",outcome="${outcome}",app="tracker-worker"} 1`);
    }
  });

  it('passes "no adapter" through untouched', () => {
    const adapters = new InstrumentedTrackingAdapters(new FakeAdapters([]), { metrics: new MetricsService('tracker-worker') });
    expect(adapters.carrier('MAEU')).toBeNull();
    expect(adapters.terminal('Y123')).toBeNull();
  });
});
