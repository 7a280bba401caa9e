import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
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
import { WidgetKeyRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, requestDocument } from '../openapi/json-api-schemas';
import { RequiresFeature } from '../plans/requires-feature.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { parseAllowedOrigins } from './allowed-origins';
import { CreateWidgetKeyAttributes, UpdateWidgetKeyAttributes } from './dto/widget-key.dto';
import { WIDGET_KEY_TYPE } from './widget-key.resource';
import {
  CREATE_WIDGET_KEY_BODY_EXAMPLE,
  FEATURE_403,
  UPDATE_WIDGET_KEY_BODY_EXAMPLE,
  UPDATED_WIDGET_KEY_EXAMPLE,
  WIDGET_KEY_EXAMPLE,
  WIDGET_KEY_LIST,
  WIDGET_KEY_LIST_EXAMPLE,
  WIDGET_KEY_ONE,
} from './widget-key.openapi';

/** Publishable widget keys (docs/widget.md), feature `map_widget`. */
@ApiTags('Widget')
@ApiExtraModels(CreateWidgetKeyAttributes, UpdateWidgetKeyAttributes)
@NamedRecords({ kind: 'widget_key', path: 'id' })
@RequiresFeature('map_widget')
@Controller('widget_keys')
export class WidgetKeysController {
  constructor(
    private readonly keys: WidgetKeyRepository,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List widget keys' })
  @ApiOkResponse({ schema: WIDGET_KEY_LIST, example: WIDGET_KEY_LIST_EXAMPLE })
  @ApiResponse(FEATURE_403)
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    return this.presenter.all(WIDGET_KEY_TYPE, await this.keys.list(account), request, account);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a widget key' })
  @ApiOkResponse({ schema: WIDGET_KEY_ONE, example: WIDGET_KEY_EXAMPLE })
  @ApiResponse({ status: 404, description: 'No such widget key.', schema: ERROR_DOCUMENT })
  @ApiResponse(FEATURE_403)
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    return this.presenter.one(WIDGET_KEY_TYPE, await this.keys.get(account, id), account);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a widget key',
    description: 'A publishable, read-only key for the embeddable widget and map, valid on pages of the listed origins only.',
  })
  @ApiBody({ schema: requestDocument(WIDGET_KEY_TYPE, getSchemaPath(CreateWidgetKeyAttributes)), examples: CREATE_WIDGET_KEY_BODY_EXAMPLE })
  @ApiCreatedResponse({ schema: WIDGET_KEY_ONE, example: WIDGET_KEY_EXAMPLE })
  @ApiResponse({ status: 422, description: 'A missing name or a bad origin (named in `source.pointer`).', schema: ERROR_DOCUMENT })
  @ApiResponse(FEATURE_403)
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(WIDGET_KEY_TYPE, CreateWidgetKeyAttributes)) body: JsonApiInput<CreateWidgetKeyAttributes>,
  ): Promise<JsonApiDocument> {
    const allowed = parseAllowedOrigins(body.attributes.allowed_origins);
    return this.presenter.one(
      WIDGET_KEY_TYPE,
      await this.keys.create(account, { name: body.attributes.name, allowed_origins: allowed }),
      account,
    );
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change a widget key's name or allowed origins" })
  @ApiBody({ schema: requestDocument(WIDGET_KEY_TYPE, getSchemaPath(UpdateWidgetKeyAttributes)), examples: UPDATE_WIDGET_KEY_BODY_EXAMPLE })
  @ApiOkResponse({ schema: WIDGET_KEY_ONE, example: UPDATED_WIDGET_KEY_EXAMPLE })
  @ApiResponse(FEATURE_403)
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(WIDGET_KEY_TYPE, UpdateWidgetKeyAttributes)) body: JsonApiInput<UpdateWidgetKeyAttributes>,
  ): Promise<JsonApiDocument> {
    const changes = {
      ...(body.attributes.name !== undefined ? { name: body.attributes.name } : {}),
      ...(body.attributes.allowed_origins !== undefined ? { allowed_origins: parseAllowedOrigins(body.attributes.allowed_origins) } : {}),
    };
    return this.presenter.one(WIDGET_KEY_TYPE, await this.keys.update(account, id, changes), account);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a widget key', description: 'Widgets using it stop loading at once.' })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiResponse(FEATURE_403)
  async delete(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<void> {
    await this.keys.delete(account, id);
  }
}
