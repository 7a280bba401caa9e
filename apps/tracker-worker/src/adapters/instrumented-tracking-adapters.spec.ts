import type { CarrierAdapter, CarrierTrackResult } from '@quayside/carriers';
import { SourceBackoffError } from '@quayside/carriers';
import type { SourceCallTally, SourceHealthRepository } from '@quayside/data-access';
import { MetricsService } from '@quayside/platform';
import { SourceHealthRecorder } from '../source-health/source-health-recorder';
import type { TimeScale } from './time-scale';
import { InstrumentedTrackingAdapters } from './instrumented-tracking-adapters';
import { TrackingAdapters } from './tracking-adapters';

class FakeAdapters extends TrackingAdapters {
  constructor(private readonly results: Array<CarrierTrackResult | Error>) {
    super();
  }
  carrier(scac: string): CarrierAdapter | null {
    if (scac !== 'TEST') return null;
    return {
      track: async () => {
        const next = this.results.shift();
        if (!next) throw new Error('adapter bug');
        if (next instanceof Error) throw next;
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

  it('records each call in the source health: answers succeed, failures by class, a backoff only when the source itself answered it', async () => {
    const written: SourceCallTally[] = [];
    // What the recorder hands its repository, kept in memory (the merge itself is tested against PostgreSQL).
    const repository = { record: async (tallies: readonly SourceCallTally[]) => void written.push(...tallies) };
    const health = new SourceHealthRecorder(repository as unknown as SourceHealthRepository);
    const answered = new SourceBackoffError({ kind: 'carrier', code: 'TEST' }, 'paused', 30_000);
    answered.answeredWith = 'quota';
    const adapters = new InstrumentedTrackingAdapters(
      new FakeAdapters([
        { outcome: 'not_found' },
        {
          outcome: 'transient_failure',
          reason: 'internal_processing_error',
          errorClass: 'auth_refused',
          detail: 'credentials refused (401)',
        },
        answered,
        new SourceBackoffError({ kind: 'carrier', code: 'TEST' }, 'paused', 29_000),
      ]),
      { health },
    );
    const carrier = adapters.carrier('TEST')!;
    await carrier.track(query);
    await carrier.track(query);
    await expect(carrier.track(query)).rejects.toBe(answered);
    await expect(carrier.track(query)).rejects.toBeInstanceOf(SourceBackoffError);
    await health.flushed();
    const calls = written
      .flatMap((t) => [...t.minutes.values()])
      .reduce((sum, m) => ({ calls: sum.calls + m.calls, errors: sum.errors + m.errors }));
    expect(calls).toEqual({ calls: 3, errors: 2 });
    expect(written.at(-1)?.lastError).toMatchObject({ errorClass: 'quota' });
    expect(written.some((t) => t.lastError?.errorClass === 'auth_refused')).toBe(true);
    expect(written.some((t) => t.lastSuccessAt !== null)).toBe(true);
  });
});
