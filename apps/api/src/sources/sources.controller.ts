import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SourceHealthRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { listDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { SOURCE_TYPE } from './source-resource';
import { sourceSchema } from './source-resource.openapi';
import { SOURCE_LIST_EXAMPLE } from './sources.examples';

/** The sources this server asks and their health, for every account alike (the console's Sources page). */
@ApiTags('Sources (Quayside)')
@Controller()
export class SourcesController {
  constructor(
    private readonly health: SourceHealthRepository,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get('sources')
  @ApiOperation({
    summary: 'List the sources this server asks, with their health',
    description:
      'Quayside extension: every configured carrier, terminal and rail source, how it has been answering and the age of the oldest data it answers for (docs/carriers.md, "Source health"). Not paginated.',
  })
  @ApiResponse({ status: 200, schema: listDocument(sourceSchema), example: SOURCE_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    return this.presenter.all(SOURCE_TYPE, await this.health.list(new Date()), request, account);
  }
}
