import type { CarrierAdapter, RailAdapter, SourceQuotaReading, TerminalAdapter } from '@quayside/carriers';
import { SourceBackoffError } from '@quayside/carriers';
import type { SourceErrorClass, TrackingSource } from '@quayside/domain';
import type { MetricsService } from '@quayside/platform';
import type { SourceHealthRecorder } from '../source-health/source-health-recorder';
import type { TimeScale } from './time-scale';
import { TrackingAdapters } from './tracking-adapters';

type Kind = 'carrier' | 'terminal' | 'rail';

/** What watches the calls: the metrics of this process, the health shared by the fleet (either may be absent). */
interface CallObservers {
  metrics?: MetricsService | undefined;
  health?: SourceHealthRecorder | undefined;
}

/**
 * Counts every adapter call by kind, source (SCAC or FIRMS code) and outcome, and records it in
 * the source's health (a transient failure or a throw is a failed call; any answer, "not found"
 * included, is a success), around any adapters.
 */
export class InstrumentedTrackingAdapters extends TrackingAdapters {
  constructor(
    private readonly inner: TrackingAdapters,
    private readonly observers: CallObservers,
  ) {
    super();
  }

  carrier(scac: string): CarrierAdapter | null {
    const adapter = this.inner.carrier(scac);
    if (adapter === null) return null;
    const held = adapter.trackHeld?.bind(adapter);
    return {
      track: (query) => this.count('carrier', scac, () => adapter.track(query)),
      // No request is made: nothing to count against the carrier's calls or health.
      ...(held ? { trackHeld: held } : {}),
    };
  }

  terminal(firmsCode: string): TerminalAdapter | null {
    const adapter = this.inner.terminal(firmsCode);
    return adapter && { lookup: (query) => this.count('terminal', firmsCode, () => adapter.lookup(query)) };
  }

  rail(scac: string): RailAdapter | null {
    const adapter = this.inner.rail(scac);
    return adapter && { lookup: (query) => this.count('rail', scac, () => adapter.lookup(query)) };
  }

  timeScale(scac: string): TimeScale {
    return this.inner.timeScale(scac);
  }

  sources(): readonly TrackingSource[] {
    return this.inner.sources();
  }

  override requestsPerMinute(scac: string): number | null {
    return this.inner.requestsPerMinute(scac);
  }

  override quotaUsage(): Promise<SourceQuotaReading[]> {
    return this.inner.quotaUsage();
  }

  private async count<T extends { outcome: string; reason?: string; errorClass?: SourceErrorClass; detail?: string }>(
    kind: Kind,
    source: string,
    call: () => Promise<T>,
  ): Promise<T> {
    const { metrics, health } = this.observers;
    try {
      const result = await call();
      // A transient failure is counted by its reason (unreachable vs unrecognized answer).
      metrics?.carrierCalls.inc({
        kind,
        source,
        outcome: result.outcome === 'transient_failure' && result.reason ? result.reason : result.outcome,
      });
      health?.saw(
        kind,
        source,
        result.outcome === 'transient_failure'
          ? { ok: false, errorClass: result.errorClass ?? 'adapter_error', detail: result.detail ?? '' }
          : { ok: true },
      );
      return result;
    } catch (error) {
      if (error instanceof SourceBackoffError) {
        // Nothing was asked, unless the source itself just said to wait (its 429 / Retry-After): that is a failed call.
        metrics?.sourceBackoffs.inc({ kind, source, reason: error.reason });
        if (error.answeredWith !== null) health?.saw(kind, source, { ok: false, errorClass: error.answeredWith, detail: error.message });
        throw error;
      }
      metrics?.carrierCalls.inc({ kind, source, outcome: 'error' });
      health?.saw(kind, source, { ok: false, errorClass: 'adapter_error', detail: String(error) });
      throw error;
    }
  }
}
