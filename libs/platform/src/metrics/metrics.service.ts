import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus series of a Quayside process, defined in one place so the three apps
 * name and label them alike. Each process has its own registry, labelled with its app.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'quayside_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly rateLimitDegraded = new Counter({
    name: 'quayside_rate_limit_degraded_total',
    help: 'Rate-limit checks Redis did not decide: shed (too many waiting, or too slow) or decided locally because Redis was unreachable',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'quayside_job_duration_seconds',
    help: 'Time a job took in this process, by queue, job name and outcome',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'quayside_queue_jobs',
    help: 'Jobs in each queue by state (read from Redis when scraped)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'quayside_outbox_unpublished',
    help: 'Outbox rows not yet completed (read from Postgres when scraped)',
    registers: [this.registry],
  });

  readonly outboxAbandoned = new Gauge({
    name: 'quayside_outbox_abandoned',
    help: 'Outbox rows no longer published: their job failed every time it was published (OUTBOX_MAX_PUBLISHES)',
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'quayside_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly carrierCalls = new Counter({
    name: 'quayside_carrier_calls_total',
    help: 'Calls to carrier, terminal and rail adapters by kind, source code and outcome',
    labelNames: ['kind', 'source', 'outcome'] as const,
    registers: [this.registry],
  });

  /** The quota of each source, shared by every tracker-worker (read from Redis when scraped; docs/carriers.md, "Limits"). */
  readonly sourceRequestsInWindow = new Gauge({
    name: 'quayside_source_requests_in_window',
    help: 'Requests started at a source in its rolling minute, by every worker together',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceRequestsPerWindow = new Gauge({
    name: 'quayside_source_requests_per_window',
    help: "A source's requestsPerMinute (absent when it has no rate limit)",
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceInFlight = new Gauge({
    name: 'quayside_source_requests_in_flight',
    help: 'Requests in flight at a source now, by every worker together',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceMaxConcurrency = new Gauge({
    name: 'quayside_source_max_concurrency',
    help: "A source's maxConcurrency",
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourcePausedSeconds = new Gauge({
    name: 'quayside_source_paused_seconds',
    help: 'How long a source stays paused after its 429 / Retry-After (0 when it is not)',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceBackoffs = new Counter({
    name: 'quayside_source_backoffs_total',
    help: 'Jobs put back because their source was paused (429 / Retry-After) or its quota spent, by reason',
    labelNames: ['kind', 'source', 'reason'] as const,
    registers: [this.registry],
  });

  /** Source health (docs/carriers.md, "Source health"), read from Postgres when scraped: the same for every process. */
  readonly sourceLastSuccess = new Gauge({
    name: 'quayside_source_last_success_timestamp_seconds',
    help: 'When the source last answered a call successfully (unix seconds), by kind and source code',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceLastError = new Gauge({
    name: 'quayside_source_last_error_timestamp_seconds',
    help: 'When a call of the source last failed (unix seconds), labelled with the class of that failure',
    labelNames: ['kind', 'source', 'class'] as const,
    registers: [this.registry],
  });

  readonly sourceStatus = new Gauge({
    name: 'quayside_source_status',
    help: 'One series per source set to 1 for its status: unknown, ok, failing or down',
    labelNames: ['kind', 'source', 'status'] as const,
    registers: [this.registry],
  });

  readonly sourceErrorRatio = new Gauge({
    name: 'quayside_source_error_ratio',
    help: 'Share of the source calls of the last hour that failed (absent when it was not called)',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceCalls = new Gauge({
    name: 'quayside_source_calls_last_hour',
    help: 'Calls of the source in the last hour, over every tracker-worker',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  readonly sourceOldestDataAge = new Gauge({
    name: 'quayside_source_oldest_data_age_seconds',
    help: 'Age of the oldest data of a followed shipment the source answers for',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  private readonly collectors: Array<() => Promise<void>> = [];

  constructor(app = 'quayside') {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
  }

  /** Work to do right before each scrape (e.g. read queue depths), so idle processes do none. */
  onScrape(collect: () => Promise<void>): void {
    this.collectors.push(collect);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    await Promise.allSettled(this.collectors.map((collect) => collect()));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
