import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '@quayside/platform';
import { TrackingAdapters } from './tracking-adapters';

/**
 * Each limited source's quota as metrics, read from the shared store when scraped: every worker
 * reports the same fleet-wide numbers (docs/carriers.md, "Limits").
 */
@Injectable()
export class SourceQuotaMetrics {
  constructor(adapters: TrackingAdapters, @Optional() metrics?: MetricsService) {
    metrics?.onScrape(async () => {
      for (const { source, usage } of await adapters.quotaUsage()) {
        const labels = { kind: source.kind, source: source.code };
        metrics.sourceRequestsInWindow.set(labels, usage.requestsInWindow);
        if (usage.requestsPerWindow !== null) metrics.sourceRequestsPerWindow.set(labels, usage.requestsPerWindow);
        metrics.sourceInFlight.set(labels, usage.inFlight);
        metrics.sourceMaxConcurrency.set(labels, usage.maxConcurrency);
        metrics.sourcePausedSeconds.set(labels, usage.pausedForMs / 1000);
      }
    });
  }
}
