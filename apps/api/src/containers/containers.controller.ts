import { CustomFieldDefinitionRepository } from '@quayside/data-access';
import { Body, Controller, Get, HttpCode, Param, Patch, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { unprocessableEntity } from '@quayside/domain';
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
import {
  CONTAINER_EXAMPLE,
  CONTAINER_LIST_EXAMPLE,
  EDIT_CONTAINER_BODY_EXAMPLE,
  EDIT_NAMED_CONTAINER_BODY_EXAMPLE,
  EDITED_CONTAINER_EXAMPLE,
  REFRESH_EXAMPLE,
} from './container.examples';
import { ContainersQueryService } from './containers-query.service';
import { ERROR_DOCUMENT, listDocument, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { UpdateContainerAttributes } from './dto/update-container.dto';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import type { RefreshStarted } from './refresh-container.use-case';
import { customFieldFilters } from '../common/custom-field-filters';

const INCLUDED =
  'Resources named in `include`: `shipment`, `pod_terminal` and `pickup_facility` (terminals), `transport_events`, `raw_events`.';
const INCLUDE_LIST = 'Comma list: shipment, pod_terminal, pickup_facility, transport_events, raw_events.';
const ID_PARAM = { name: 'id', description: 'Container id (uuid)' };

@ApiTags('Containers')
@ApiExtraModels(UpdateContainerAttributes)
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
      'Filters combine with AND. `include` takes `shipment`, `pod_terminal`, `pickup_facility`, `transport_events`, `raw_events` (and their dotted sub-paths).',
  })
  @ApiQuery({
    name: 'q',
    required: false,
    description: 'Substring of the container number, a reference number or the bill of lading (case-insensitive).',
  })
  @ApiQuery({ name: 'filter[number]', required: false, description: 'Exact container number.' })
  @ApiQuery({ name: 'number', required: false, description: 'Same as filter[number].' })
  @ApiQuery({ name: 'filter[shipment_id]', required: false, description: 'Containers of one shipment.' })
  @ApiQuery({ name: 'filter[current_status]', required: false, description: 'Comma list of current_status values.' })
  @ApiQuery({ name: 'filter[available_for_pickup]', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'filter[created_at][start]', required: false, description: 'ISO 8601; created at or after.' })
  @ApiQuery({ name: 'filter[created_at][end]', required: false, description: 'ISO 8601; created at or before.' })
  @ApiQuery({ name: 'filter[updated_at][start]', required: false, description: 'ISO 8601; updated at or after.' })
  @ApiQuery({ name: 'filter[updated_at][end]', required: false, description: 'ISO 8601; updated at or before.' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_LIST })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiQuery({
    name: 'page[after]',
    required: false,
    description: 'Opaque cursor from `links.next`: the rows after that one (docs/json-api.md, "Pagination").',
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'page[before]',
    required: false,
    description: 'Opaque cursor from `links.prev`, or `end` (`links.last`): the rows before that one.',
    schema: { type: 'string' },
  })
  @ApiOkResponse({ schema: listDocument(CONTAINER_SCHEMA, INCLUDED), example: CONTAINER_LIST_EXAMPLE })
  @ApiResponse({
    status: 400,
    description: 'A malformed filter, page or include parameter (named in `source.parameter`).',
    schema: ERROR_DOCUMENT,
  })
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
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_LIST })
  @ApiOkResponse({ schema: singleDocument(CONTAINER_SCHEMA, INCLUDED), example: CONTAINER_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(CONTAINER_TYPE, request);
    return this.presenter.one(CONTAINER_TYPE, await this.queries.get(account, id), account, include);
  }

  @Patch()
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    summary: 'Edit a container',
    description:
      'The container is named by `data.id` (the established clients send it so); replaces `ref_numbers`. Same as `PATCH /v2/containers/{id}`.',
  })
  @ApiBody({
    schema: requestDocument(CONTAINER_TYPE, getSchemaPath(UpdateContainerAttributes)),
    examples: EDIT_NAMED_CONTAINER_BODY_EXAMPLE,
  })
  @ApiOkResponse({ schema: singleDocument(CONTAINER_SCHEMA), example: EDITED_CONTAINER_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 422,
    description: 'No `data.id`, a wrong type or a malformed `ref_numbers` (named in `source.pointer`).',
    schema: ERROR_DOCUMENT,
  })
  async updateNamedInBody(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(CONTAINER_TYPE, UpdateContainerAttributes)) body: JsonApiInput<UpdateContainerAttributes>,
  ): Promise<JsonApiDocument> {
    if (body.id === undefined) throw unprocessableEntity({ pointer: '/data/id', detail: 'data.id must name the container to edit.' });
    return this.presenter.one(CONTAINER_TYPE, await this.queries.update(account, body.id, body.attributes), account);
  }

  @Patch(':id')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({ summary: 'Edit a container by id', description: 'Replaces `ref_numbers`.' })
  @ApiParam(ID_PARAM)
  @ApiBody({ schema: requestDocument(CONTAINER_TYPE, getSchemaPath(UpdateContainerAttributes)), examples: EDIT_CONTAINER_BODY_EXAMPLE })
  @ApiOkResponse({ schema: singleDocument(CONTAINER_SCHEMA), example: EDITED_CONTAINER_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 422,
    description: 'A wrong type or a malformed `ref_numbers` (named in `source.pointer`).',
    schema: ERROR_DOCUMENT,
  })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(CONTAINER_TYPE, UpdateContainerAttributes)) body: JsonApiInput<UpdateContainerAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CONTAINER_TYPE, await this.queries.update(account, id, body.attributes), account);
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
  @ApiOkResponse({ schema: REFRESH_RESPONSE_SCHEMA, example: REFRESH_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 403,
    description: 'The account is not enabled for container refresh (`feature_not_enabled`).',
    schema: ERROR_DOCUMENT,
  })
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
