import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsService } from '@quayside/platform';

/**
 * Latency of every HTTP request by route pattern (never the raw URL: ids would explode the
 * series), measured by Fastify from arrival to the last byte sent.
 */
export function registerHttpMetrics(app: NestFastifyApplication): void {
  const metrics = app.get(MetricsService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', async (request, reply) => {
      metrics.httpRequestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
}
