import type { OnApplicationBootstrap } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { SourceHealthRepository } from '@quayside/data-access';
import { sourceErrorRate, sourceStatus } from '@quayside/domain';
import type { SourceStatus } from '@quayside/domain';
import { MetricsService } from '@quayside/platform';

const STATUSES: readonly SourceStatus[] = ['unknown', 'ok', 'failing', 'down'];
const seconds = (at: Date): number => at.getTime() / 1000;

/**
 * The source health series of `/metrics`, read from Postgres when Prometheus scrapes: the rows
 * every tracker-worker writes, so one scrape of the api shows the whole fleet's view. The series
 * are rebuilt on each scrape, so a source no longer configured (or an error class no longer the
 * last) leaves no stale series behind.
 */
@Injectable()
export class SourceHealthMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: MetricsService,
    private readonly health: SourceHealthRepository,
  ) {}

  onApplicationBootstrap(): void {
    const m = this.metrics;
    m.onScrape(async () => {
      const now = new Date();
      const views = await this.health.list(now);
      for (const gauge of [
        m.sourceLastSuccess,
        m.sourceLastError,
        m.sourceStatus,
        m.sourceErrorRatio,
        m.sourceCalls,
        m.sourceOldestDataAge,
      ])
        gauge.reset();
      for (const view of views) {
        const labels = { kind: view.kind, source: view.code };
        const status = sourceStatus(view);
        for (const each of STATUSES) m.sourceStatus.set({ ...labels, status: each }, each === status ? 1 : 0);
        m.sourceCalls.set(labels, view.recentCalls);
        const rate = sourceErrorRate(view);
        if (rate !== null) m.sourceErrorRatio.set(labels, rate);
        if (view.lastSuccessAt) m.sourceLastSuccess.set(labels, seconds(view.lastSuccessAt));
        if (view.lastErrorAt && view.lastErrorClass)
          m.sourceLastError.set({ ...labels, class: view.lastErrorClass }, seconds(view.lastErrorAt));
        if (view.oldestDataAt) m.sourceOldestDataAge.set(labels, Math.max(0, (now.getTime() - view.oldestDataAt.getTime()) / 1000));
      }
    });
  }
}
