import { MetricsService } from './metrics.service';

describe('MetricsService', () => {
  it('renders every Quayside series in the Prometheus text format, labelled with the app', async () => {
    const metrics = new MetricsService('tracker-worker');
    metrics.webhookDeliveries.inc({ outcome: 'succeeded' });
    metrics.carrierCalls.inc({ kind: 'carrier', source: 'TEST', outcome: 'found' });
    metrics.jobDuration.observe({ queue: 'tracker', job: 'track-request', outcome: 'completed' }, 0.2);
    const { contentType, body } = await metrics.render();
    expect(contentType).toContain('text/plain');
    expect(body).toContain('quayside_webhook_deliveries_total{outcome="succeeded",app="tracker-worker"} 1');
    expect(body).toContain('quayside_carrier_calls_total{kind="carrier",source="TEST",outcome="found",app="tracker-worker"} 1');
    expect(body).toMatch(/quayside_job_duration_seconds_count\{[^}]*job="track-request"[^}]*\} 1/);
    expect(body).toContain('process_cpu_seconds_total');
  });

  it('runs scrape-time collectors before rendering, and a failing one does not break the scrape', async () => {
    const metrics = new MetricsService('api');
    metrics.onScrape(async () => {
      metrics.queueDepth.set({ queue: 'tracker', state: 'waiting' }, 7);
    });
    metrics.onScrape(async () => {
      throw new Error('redis away');
    });
    const { body } = await metrics.render();
    expect(body).toContain('quayside_queue_jobs{queue="tracker",state="waiting",app="api"} 7');
  });
});
