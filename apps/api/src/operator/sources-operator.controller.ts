import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SourceHealthRepository } from '@quayside/data-access';
import { notFound, sourceErrorRate, sourceStatus, unauthorized } from '@quayside/domain';
import type { FastifyReply } from 'fastify';
import { ApiConfig } from '../config/api.config';
import { isOperator } from './operator-credentials';

/**
 * `GET /operator/sources`: every configured source's health with the operator's details (the last
 * error's own words), outside /v2 (docs/carriers.md, "Source health"). Like the queue dashboard
 * it exists only when OPERATOR_TOKEN is set, and every request must carry the token.
 */
@ApiExcludeController()
@Controller('operator/sources')
export class SourcesOperatorController {
  constructor(
    private readonly health: SourceHealthRepository,
    private readonly config: ApiConfig,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  async list(@Res() reply: FastifyReply): Promise<void> {
    const token = this.config.OPERATOR_TOKEN;
    if (!token) throw notFound();
    if (!isOperator(reply.request.headers.authorization, token)) throw unauthorized();
    const now = new Date();
    const sources = (await this.health.list(now)).map((view) => ({
      kind: view.kind,
      code: view.code,
      adapter: view.source.adapter,
      sandbox: view.source.sandbox,
      experimental: view.source.experimental,
      status: sourceStatus(view),
      last_success_at: view.lastSuccessAt,
      last_error: view.lastErrorAt === null ? null : { at: view.lastErrorAt, class: view.lastErrorClass, detail: view.lastErrorDetail },
      failing_since: view.failingSince,
      outage_notified_at: view.outageNotifiedAt,
      calls_last_hour: view.recentCalls,
      errors_last_hour: view.recentErrors,
      error_rate_last_hour: sourceErrorRate(view),
      oldest_data_at: view.oldestDataAt,
      quota:
        view.quota === null
          ? null
          : {
              requests_in_window: view.quota.requestsInWindow,
              requests_per_window: view.quota.requestsPerWindow,
              window_ms: view.quota.windowMs,
              in_flight: view.quota.inFlight,
              max_concurrency: view.quota.maxConcurrency,
              paused_until: view.quota.pausedUntil,
              read_at: view.quota.readAt,
            },
    }));
    await reply.type('application/json').send({ checked_at: now, sources });
  }
}
