import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { DCSA_API_VERSION, DcsaExceptionFilter } from './dcsa-exception.filter';
import { parseDcsaFeedQuery } from './dcsa-feed-query';
import { DcsaFeedService } from './dcsa-feed.service';

/**
 * `GET /tnt/v3/events`: the DCSA Track & Trace 3.0 producer endpoint over the caller's events.
 * Its contract is DCSA's OpenAPI, not ours, so it stays out of /docs (docs/dcsa.md).
 */
@ApiExcludeController()
@UseFilters(DcsaExceptionFilter)
@Controller('tnt/v3/events')
export class DcsaFeedController {
  constructor(private readonly feed: DcsaFeedService) {}

  @Get()
  @RequiresActivePlan('reading tracking data')
  async list(
    @CurrentAccount() account: AccountContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ events: Record<string, unknown>[] }> {
    const query = parseDcsaFeedQuery((request.query ?? {}) as Record<string, unknown>);
    const page = await this.feed.page(account, query);
    void reply.header('api-version', DCSA_API_VERSION).header('content-type', 'application/json; charset=utf-8');
    if (page.nextCursor !== null) void reply.header('next-page-cursor', page.nextCursor);
    return { events: page.events };
  }
}
