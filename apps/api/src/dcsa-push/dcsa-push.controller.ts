import { Body, Controller, Headers, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { DCSA_API_VERSION, DcsaExceptionFilter } from '../dcsa-feed/dcsa-exception.filter';
import { DcsaPushService } from './dcsa-push.service';

/**
 * `POST /dcsa/v3/carriers/{connection}/events`: the DCSA Track & Trace 3.0 consumer endpoint a
 * carrier pushes its events to (docs/dcsa.md, "Carriers that push"). Carriers are not accounts: the
 * route needs no API key but the connection's own token. Its contract is DCSA's OpenAPI, so it
 * stays out of /docs.
 */
@ApiExcludeController()
@Public()
@UseFilters(DcsaExceptionFilter)
@Controller('dcsa/v3/carriers/:connection/events')
export class DcsaPushController {
  constructor(private readonly push: DcsaPushService) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Param('connection') connection: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ feedbackElements: { severity: 'INFO'; message: string }[] }> {
    const name = this.push.authenticate(connection, authorization);
    const recorded = await this.push.receive(name, body, new Date());
    void reply.header('api-version', DCSA_API_VERSION).header('content-type', 'application/json; charset=utf-8');
    const message = `${recorded.stored} event version(s) stored, ${recorded.duplicates} already received`;
    return { feedbackElements: [{ severity: 'INFO', message }] };
  }
}
