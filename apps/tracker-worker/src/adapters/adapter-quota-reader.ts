import { SourceQuotaReader } from '../source-health/source-quota-reader';
import type { SourceQuotaReading } from '../source-health/source-quota-reader';
import type { TrackingAdapters } from './tracking-adapters';

/** The quota of each configured source as the adapters' gates read it from the shared store. */
export class AdapterQuotaReader extends SourceQuotaReader {
  constructor(private readonly adapters: TrackingAdapters) {
    super();
  }

  async read(now: Date): Promise<SourceQuotaReading[]> {
    return (await this.adapters.quotaUsage()).map(({ source, usage }) => ({
      kind: source.kind,
      code: source.code,
      quota: {
        requestsInWindow: usage.requestsInWindow,
        requestsPerWindow: usage.requestsPerWindow,
        windowMs: usage.windowMs,
        inFlight: usage.inFlight,
        maxConcurrency: usage.maxConcurrency,
        pausedUntil: usage.pausedForMs > 0 ? new Date(now.getTime() + usage.pausedForMs) : null,
      },
    }));
  }
}
