import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { CustomFieldOptionsService } from './custom-field-options.service';
import { CUSTOM_FIELD_OPTION_TYPE } from './custom-field.resource';
import { CUSTOM_FIELD_OPTION_SCHEMA, OPTION_BODY } from './custom-field.schema';
import { OPTION_EXAMPLE, OPTION_LIST_EXAMPLE, UPDATED_OPTION_EXAMPLE } from './custom-field.examples';
import { Deleted, Owned } from './custom-fields.openapi';
import { CreateCustomFieldOptionAttributes } from './dto/create-custom-field-option.dto';
import { UpdateCustomFieldOptionAttributes } from './dto/update-custom-field-option.dto';

const ONE = singleDocument(CUSTOM_FIELD_OPTION_SCHEMA);
const DEFINITION = ApiParam({ name: 'definition_id', description: 'Custom field definition ID' });
const OPTION = ApiParam({ name: 'option_id', description: 'Custom field option ID' });

/** The choices of an `enum` / `enum_multi` definition. */
@ApiTags('Custom Field Options')
@ApiExtraModels(CreateCustomFieldOptionAttributes, UpdateCustomFieldOptionAttributes)
@NamedRecords({ kind: 'custom_field_definition', path: 'definition_id' }, { kind: 'custom_field_option', path: 'option_id' })
@Controller('custom_field_definitions/:definition_id/options')
export class CustomFieldOptionsController {
  constructor(
    private readonly options: CustomFieldOptionsService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List custom field options', description: 'By `position` (unset last), then oldest first.' })
  @DEFINITION
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(CUSTOM_FIELD_OPTION_SCHEMA), example: OPTION_LIST_EXAMPLE })
  @Owned('custom field definition')
  async list(
    @CurrentAccount() account: AccountContext,
    @Param('definition_id') definitionId: string,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    const page = this.presenter.page(request);
    return this.presenter.paginated(CUSTOM_FIELD_OPTION_TYPE, await this.options.list(account, definitionId, page), page, request, account);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a custom field option',
    description: 'Only `enum` and `enum_multi` definitions have options; `value` is unique in the definition.',
  })
  @DEFINITION
  @ApiBody(
    OPTION_BODY('CreateCustomFieldOptionAttributes', 'A priority option', {
      data: { type: 'custom_field_option', attributes: { label: 'Priority', value: 'priority', position: 1 } },
    }),
  )
  @ApiCreatedResponse({ schema: ONE, example: OPTION_EXAMPLE })
  @Owned('custom field definition')
  @ApiResponse({ status: 409, description: 'The definition already has an option with this value.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 422, description: 'Invalid attributes, or a definition without options.', schema: ERROR_DOCUMENT })
  async create(
    @CurrentAccount() account: AccountContext,
    @Param('definition_id') definitionId: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_OPTION_TYPE, CreateCustomFieldOptionAttributes))
    body: JsonApiInput<CreateCustomFieldOptionAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_OPTION_TYPE, await this.options.create(account, definitionId, body.attributes), account);
  }

  @Get(':option_id')
  @ApiOperation({ summary: 'Get a custom field option' })
  @DEFINITION
  @OPTION
  @ApiOkResponse({ schema: ONE, example: OPTION_EXAMPLE })
  @Owned('custom field definition or option')
  async get(
    @CurrentAccount() account: AccountContext,
    @Param('definition_id') definitionId: string,
    @Param('option_id') optionId: string,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_OPTION_TYPE, await this.options.get(account, definitionId, optionId), account);
  }

  @Patch(':option_id')
  @ApiOperation({
    summary: 'Update a custom field option',
    description: '`label` and `position` change; `value` cannot (stored values use it).',
  })
  @DEFINITION
  @OPTION
  @ApiBody(
    OPTION_BODY('UpdateCustomFieldOptionAttributes', 'Relabel the option', {
      data: { type: 'custom_field_option', attributes: { label: 'High priority' } },
    }),
  )
  @ApiOkResponse({ schema: ONE, example: UPDATED_OPTION_EXAMPLE })
  @Owned('custom field definition or option')
  @ApiResponse({ status: 422, description: 'Invalid attributes.', schema: ERROR_DOCUMENT })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('definition_id') definitionId: string,
    @Param('option_id') optionId: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_OPTION_TYPE, UpdateCustomFieldOptionAttributes))
    body: JsonApiInput<UpdateCustomFieldOptionAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(
      CUSTOM_FIELD_OPTION_TYPE,
      await this.options.update(account, definitionId, optionId, body.attributes),
      account,
    );
  }

  @Delete(':option_id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a custom field option',
    description: 'Values that chose it lose it: a single-select value is removed, a multi-select list drops it.',
  })
  @DEFINITION
  @OPTION
  @Deleted()
  @Owned('custom field definition or option')
  async remove(
    @CurrentAccount() account: AccountContext,
    @Param('definition_id') definitionId: string,
    @Param('option_id') optionId: string,
  ): Promise<{ meta: { deleted: true } }> {
    await this.options.remove(account, definitionId, optionId);
    return { meta: { deleted: true } };
  }
}
