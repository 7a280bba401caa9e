import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ReadinessService } from '@quayside/platform';
import type { Readiness } from '@quayside/platform';

/**
 * Liveness says the process runs; readiness says it can serve (Postgres and Redis answer).
 * Both sit outside /v2, authentication and rate limits so orchestrators can poll them.
 */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<Readiness> {
    const result = await this.readiness.check();
    if (result.status !== 'ok') throw new ServiceUnavailableException(result);
    return result;
  }
}
