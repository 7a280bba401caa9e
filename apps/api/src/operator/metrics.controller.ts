import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MetricsService } from '@quayside/platform';
import type { FastifyReply } from 'fastify';
import { unauthorized } from '@quayside/domain';
import { ApiConfig } from '../config/api.config';
import { isOperator } from './operator-credentials';

/** Prometheus scrape endpoint, outside /v2; when OPERATOR_TOKEN is set only an operator may read it. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: ApiConfig,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    const token = this.config.OPERATOR_TOKEN;
    if (token && !isOperator(reply.request.headers.authorization, token)) throw unauthorized();
    const { contentType, body } = await this.metrics.render();
    await reply.type(contentType).send(body);
  }
}
