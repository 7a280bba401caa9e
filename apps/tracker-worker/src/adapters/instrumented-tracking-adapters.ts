import type { CarrierAdapter, RailAdapter, SourceQuotaReading, TerminalAdapter } from '@quayside/carriers';
import { SourceBackoffError } from '@quayside/carriers';
import type { TrackingSource } from '@quayside/domain';
import type { MetricsService } from '@quayside/platform';
import type { TimeScale } from './time-scale';
import { TrackingAdapters } from './tracking-adapters';

type Kind = 'carrier' | 'terminal' | 'rail';

/** Counts every adapter call by kind, source (SCAC or FIRMS code) and outcome, around any adapters. */
export class InstrumentedTrackingAdapters extends TrackingAdapters {
  constructor(
    private readonly inner: TrackingAdapters,
    private readonly metrics: MetricsService,
  ) {
    super();
  }

  carrier(scac: string): CarrierAdapter | null {
    const adapter = this.inner.carrier(scac);
    return adapter && { track: (query) => this.count('carrier', scac, () => adapter.track(query)) };
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

  override quotaUsage(): Promise<SourceQuotaReading[]> {
    return this.inner.quotaUsage();
  }

  private async count<T extends { outcome: string; reason?: string }>(kind: Kind, source: string, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      // A transient failure is counted by its reason (unreachable vs unrecognized answer).
      this.metrics.carrierCalls.inc({
        kind,
        source,
        outcome: result.outcome === 'transient_failure' && result.reason ? result.reason : result.outcome,
      });
      return result;
    } catch (error) {
      if (error instanceof SourceBackoffError) {
        // Nothing was asked: the job is put back until the source takes requests again.
        this.metrics.sourceBackoffs.inc({ kind, source, reason: error.reason });
        throw error;
      }
      this.metrics.carrierCalls.inc({ kind, source, outcome: 'error' });
      throw error;
    }
  }
}
