import { CustomFieldDefinitionRepository } from '@quayside/data-access';
import { Controller, Get, HttpCode, Param, Patch, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import { RequiresFeature } from '../plans/requires-feature.decorator';
import { RateLimitBucket } from '../rate-limit/rate-limit-bucket.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { parseContainerFilters } from './container-filters';
import { CONTAINER_TYPE } from './container.resource';
import { CONTAINER_SCHEMA, REFRESH_RESPONSE_SCHEMA } from './container.schema';
import { ContainersQueryService } from './containers-query.service';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import type { RefreshStarted } from './refresh-container.use-case';
import { customFieldFilters } from '../common/custom-field-filters';

const INCLUDED = 'Resources named in `include`: `shipment`, `pod_terminal` (terminal), `transport_events`.';
const ID_PARAM = { name: 'id', description: 'Container id (uuid)' };

@ApiTags('Containers')
@NamedRecords({ kind: 'container', path: 'id' }, { kind: 'shipment', query: 'filter[shipment_id]' })
@Controller('containers')
export class ContainersController {
  constructor(
    private readonly queries: ContainersQueryService,
    private readonly refresh: RefreshContainerUseCase,
    private readonly presenter: JsonApiPresenter,
    private readonly definitions: CustomFieldDefinitionRepository,
  ) {}

  @Get()
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    summary: 'List containers',
    description:
      'Containers of the account, oldest first by `(created_at, id)`: rows added while you page land after the pages already read. ' +
      'Filters combine with AND. `include` takes `shipment`, `pod_terminal`, `transport_events` (and their dotted sub-paths).',
  })
  @ApiQuery({ name: 'q', required: false, description: 'Substring of the container number, a reference number or the bill of lading (case-insensitive).' })
  @ApiQuery({ name: 'filter[number]', required: false, description: 'Exact container number.' })
  @ApiQuery({ name: 'number', required: false, description: 'Same as filter[number].' })
  @ApiQuery({ name: 'filter[shipment_id]', required: false, description: 'Containers of one shipment.' })
  @ApiQuery({ name: 'filter[current_status]', required: false, description: 'Comma list of current_status values.' })
  @ApiQuery({ name: 'filter[available_for_pickup]', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'filter[created_at][start]', required: false, description: 'ISO 8601; created at or after.' })
  @ApiQuery({ name: 'filter[created_at][end]', required: false, description: 'ISO 8601; created at or before.' })
  @ApiQuery({ name: 'filter[updated_at][start]', required: false, description: 'ISO 8601; updated at or after.' })
  @ApiQuery({ name: 'filter[updated_at][end]', required: false, description: 'ISO 8601; updated at or before.' })
  @ApiQuery({ name: 'include', required: false, description: 'Comma list: shipment, pod_terminal, transport_events.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(CONTAINER_SCHEMA, INCLUDED) })
  @ApiResponse({ status: 400, description: 'A malformed filter, page or include parameter (named in `source.parameter`).', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 403, description: 'The plan does not allow reading tracking data.', schema: ERROR_DOCUMENT })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(CONTAINER_TYPE, request);
    const page = this.presenter.page(request);
    const customFields = await customFieldFilters(this.definitions, account, 'Container', queryOf(request));
    const filters = { ...parseContainerFilters(queryOf(request)), ...(customFields ? { customFields } : {}) };
    return this.presenter.paginated(CONTAINER_TYPE, await this.queries.list(account, filters, page), page, request, account, include);
  }

  @Get(':id')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({ summary: 'Get a container', description: 'Every operational field of docs/containers.md; `include` as for the list.' })
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'include', required: false, description: 'Comma list: shipment, pod_terminal, transport_events.' })
  @ApiOkResponse({ schema: singleDocument(CONTAINER_SCHEMA, INCLUDED) })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(CONTAINER_TYPE, request);
    return this.presenter.one(CONTAINER_TYPE, await this.queries.get(account, id), account, include);
  }

  @Patch(':id/refresh')
  @HttpCode(200)
  @RequiresFeature('container_refresh')
  @RateLimitBucket('refresh')
  @ApiOperation({
    summary: 'Refresh a container',
    description:
      'Queues an immediate refresh of the container from the shipping line, terminal and rail; changes arrive as webhooks. ' +
      'Needs the feature `container_refresh` (403 otherwise). Own bucket: 10 requests per minute (429 with Retry-After).',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: REFRESH_RESPONSE_SCHEMA })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 403, description: 'The account is not enabled for container refresh (`feature_not_enabled`).', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 429, description: 'More than 10 refreshes in 60 seconds.', schema: ERROR_DOCUMENT })
  async refreshContainer(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<RefreshStarted> {
    return this.refresh.execute(account, id);
  }
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}
