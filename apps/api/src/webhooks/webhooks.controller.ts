import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
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
import { WebhookRegistrationRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { CreateWebhookUseCase } from './create-webhook.use-case';
import { CreateWebhookAttributes } from './dto/create-webhook.dto';
import { UpdateWebhookAttributes } from './dto/update-webhook.dto';
import { UpdateWebhookUseCase } from './update-webhook.use-case';
import { WEBHOOK_TYPE } from './webhook.resource';
import { ERROR_DOCUMENT, listDocument, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import { WEBHOOK_RESOURCE_SCHEMA } from './webhook.schema';
import {
  CREATE_WEBHOOK_BODY_EXAMPLE,
  CREATED_WEBHOOK_EXAMPLE,
  UPDATE_WEBHOOK_BODY_EXAMPLE,
  UPDATED_WEBHOOK_EXAMPLE,
  WEBHOOK_EXAMPLE,
  WEBHOOK_LIST_EXAMPLE,
} from './webhook.examples';

const ID_PARAM = { name: 'id', description: 'Webhook id (uuid)' };
const PLAN_403 = { status: 403, description: 'The plan does not allow webhooks (a trial or paid plan is needed).', schema: ERROR_DOCUMENT };
const TENANCY_401 = { status: 401, description: 'Missing key, or a webhook of another account.', schema: ERROR_DOCUMENT };
const NOT_FOUND_404 = { status: 404, description: 'No such webhook.', schema: ERROR_DOCUMENT };
const INVALID_422 = {
  status: 422,
  description:
    'Invalid attributes, one error per problem with `source.pointer`: `/data/attributes/url` with the reason a URL is refused ' +
    '(scheme, or a host that is or resolves to a private, loopback, link-local, shared, multicast or unspecified address), ' +
    '`/data/attributes/events/<i>` naming an unknown or repeated event, `/data/attributes/headers/<i>/name` for a header that cannot be set.',
  schema: ERROR_DOCUMENT,
};

@ApiTags('Webhooks')
@ApiExtraModels(CreateWebhookAttributes, UpdateWebhookAttributes)
@RequiresActivePlan('webhooks')
@NamedRecords({ kind: 'webhook', path: 'id' })
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhookRegistrationRepository,
    private readonly createWebhook: CreateWebhookUseCase,
    private readonly updateWebhook: UpdateWebhookUseCase,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List webhooks', description: 'Webhooks of the account, oldest first by `(created_at, id)`.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(WEBHOOK_RESOURCE_SCHEMA), example: WEBHOOK_LIST_EXAMPLE })
  @ApiResponse(PLAN_403)
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(WEBHOOK_TYPE, request);
    const page = this.presenter.page(request);
    return this.presenter.paginated(WEBHOOK_TYPE, await this.webhooks.listPage(account, page), page, request, account, include);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: singleDocument(WEBHOOK_RESOURCE_SCHEMA), example: WEBHOOK_EXAMPLE })
  @ApiResponse(TENANCY_401)
  @ApiResponse(PLAN_403)
  @ApiResponse(NOT_FOUND_404)
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    return this.presenter.one(WEBHOOK_TYPE, await this.webhooks.findOwned(account, id), account);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a webhook',
    description:
      'Registers an endpoint for the listed events. The response carries the generated `secret` that signs every delivery ' +
      '(headers `X-T49-Webhook-Signature` and Standard Webhooks `webhook-signature`; see docs/webhooks.md).',
  })
  @ApiBody({ schema: requestDocument(WEBHOOK_TYPE, getSchemaPath(CreateWebhookAttributes)), examples: CREATE_WEBHOOK_BODY_EXAMPLE })
  @ApiResponse({ status: 201, description: 'Created.', schema: singleDocument(WEBHOOK_RESOURCE_SCHEMA), example: CREATED_WEBHOOK_EXAMPLE })
  @ApiResponse(PLAN_403)
  @ApiResponse(INVALID_422)
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(WEBHOOK_TYPE, CreateWebhookAttributes)) body: JsonApiInput<CreateWebhookAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(WEBHOOK_TYPE, await this.createWebhook.execute(account, body.attributes), account);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change a webhook',
    description:
      'Members sent replace the stored ones. `active: true` turns a webhook back on; when the service had deactivated it ' +
      '(`deactivated_reason`), the reason and `deactivated_at` are cleared and its failing streak starts afresh.',
  })
  @ApiParam(ID_PARAM)
  @ApiBody({ schema: requestDocument(WEBHOOK_TYPE, getSchemaPath(UpdateWebhookAttributes)), examples: UPDATE_WEBHOOK_BODY_EXAMPLE })
  @ApiOkResponse({ schema: singleDocument(WEBHOOK_RESOURCE_SCHEMA), example: UPDATED_WEBHOOK_EXAMPLE })
  @ApiResponse(TENANCY_401)
  @ApiResponse(PLAN_403)
  @ApiResponse(NOT_FOUND_404)
  @ApiResponse(INVALID_422)
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(WEBHOOK_TYPE, UpdateWebhookAttributes)) body: JsonApiInput<UpdateWebhookAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(WEBHOOK_TYPE, await this.updateWebhook.execute(account, id, body.attributes), account);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook', description: 'Its notifications go with it; deliveries already queued are dropped.' })
  @ApiParam(ID_PARAM)
  @ApiResponse({ status: 204, description: 'Deleted.' })
  @ApiResponse(TENANCY_401)
  @ApiResponse(PLAN_403)
  @ApiResponse(NOT_FOUND_404)
  async delete(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(account, id);
  }
}
