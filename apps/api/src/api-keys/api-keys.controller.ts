import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiKeyRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { requestDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { API_KEY_TYPE } from './api-key.resource';
import {
  API_KEY_EXAMPLE,
  API_KEY_LIST,
  API_KEY_LIST_EXAMPLE,
  API_KEY_ONE,
  CREATE_API_KEY_BODY_EXAMPLE,
  CREATED_API_KEY_EXAMPLE,
} from './api-key.openapi';
import { CreateApiKeyUseCase } from './create-api-key.use-case';
import { DeleteApiKeyUseCase } from './delete-api-key.use-case';
import { CreateApiKeyAttributes } from './dto/create-api-key.dto';

@ApiTags('API keys')
@ApiExtraModels(CreateApiKeyAttributes)
@Controller('api_keys')
export class ApiKeysController {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly deleteApiKey: DeleteApiKeyUseCase,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List API keys', description: 'Keys are masked: prefix and last four characters.' })
  @ApiOkResponse({ schema: API_KEY_LIST, example: API_KEY_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(API_KEY_TYPE, request);
    return this.presenter.all(API_KEY_TYPE, await this.apiKeys.listLive(account), request, account, include);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an API key (masked)' })
  @ApiOkResponse({ schema: API_KEY_ONE, example: API_KEY_EXAMPLE })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(API_KEY_TYPE, request);
    return this.presenter.one(API_KEY_TYPE, await this.apiKeys.findLiveOwned(account, id), account, include);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an API key',
    description: 'The response carries the full key in `attributes.key`. It is shown this once and never again.',
  })
  @ApiBody({ schema: requestDocument(API_KEY_TYPE, getSchemaPath(CreateApiKeyAttributes)), examples: CREATE_API_KEY_BODY_EXAMPLE })
  @ApiCreatedResponse({
    description: 'The key, in full this once (`attributes.key`).',
    schema: API_KEY_ONE,
    example: CREATED_API_KEY_EXAMPLE,
  })
  @ApiResponse({ status: 422, description: 'Invalid attributes; one error per problem with `source.pointer`.' })
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(API_KEY_TYPE, CreateApiKeyAttributes)) body: JsonApiInput<CreateApiKeyAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(API_KEY_TYPE, await this.createApiKey.execute(account, body.attributes.name), account);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete an API key',
    description: 'The key stops working at once. The last key of an account cannot be deleted (409): create a new one first.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  async delete(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<void> {
    await this.deleteApiKey.execute(account, id);
  }
}
