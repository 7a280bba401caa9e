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
import type { Query } from '../common/query-parameters';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { CustomFieldDefinitionsService } from './custom-field-definitions.service';
import { CUSTOM_FIELD_DEFINITION_TYPE } from './custom-field.resource';
import { CUSTOM_FIELD_DEFINITION_SCHEMA, DEFINITION_BODY } from './custom-field.schema';
import { DEFINITION_EXAMPLE, DEFINITION_LIST_EXAMPLE, UPDATED_DEFINITION_EXAMPLE } from './custom-field.examples';
import { Deleted, Owned } from './custom-fields.openapi';
import { CreateCustomFieldDefinitionAttributes } from './dto/create-custom-field-definition.dto';
import { UpdateCustomFieldDefinitionAttributes } from './dto/update-custom-field-definition.dto';

const ONE = singleDocument(CUSTOM_FIELD_DEFINITION_SCHEMA);

@ApiTags('Custom Field Definitions')
@ApiExtraModels(CreateCustomFieldDefinitionAttributes, UpdateCustomFieldDefinitionAttributes)
@NamedRecords({ kind: 'custom_field_definition', path: 'id' })
@Controller('custom_field_definitions')
export class CustomFieldDefinitionsController {
  constructor(
    private readonly definitions: CustomFieldDefinitionsService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List custom field definitions', description: 'Oldest first by `(created_at, id)`.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiQuery({ name: 'filter[entity_type]', required: false, description: 'Shipment, Container or TrackingRequest' })
  @ApiQuery({ name: 'filter[data_type]', required: false, description: 'One of the data types' })
  @ApiQuery({ name: 'filter[display_name]', required: false, description: 'Display name prefix, case-insensitive' })
  @ApiOkResponse({ schema: listDocument(CUSTOM_FIELD_DEFINITION_SCHEMA), example: DEFINITION_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const page = this.presenter.page(request);
    const filters = this.definitions.filters(request.query as Query);
    return this.presenter.paginated(
      CUSTOM_FIELD_DEFINITION_TYPE,
      await this.definitions.list(account, filters, page),
      page,
      request,
      account,
    );
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a custom field definition',
    description: '`api_slug` is unique per entity type; `entity_type`, `api_slug`, `data_type` and `reference_type` cannot change later.',
  })
  @ApiBody(
    DEFINITION_BODY('CreateCustomFieldDefinitionAttributes', 'A customer reference on shipments', {
      data: {
        type: 'custom_field_definition',
        attributes: {
          entity_type: 'Shipment',
          api_slug: 'customer_reference_number',
          display_name: 'Customer reference',
          data_type: 'short_text',
        },
      },
    }),
  )
  @ApiCreatedResponse({ schema: ONE, example: DEFINITION_EXAMPLE })
  @ApiResponse({
    status: 409,
    description: 'The entity type already has this `api_slug` (`meta.custom_field_definition_id`).',
    schema: ERROR_DOCUMENT,
  })
  @ApiResponse({ status: 422, description: 'Invalid attributes; one error per problem with `source.pointer`.', schema: ERROR_DOCUMENT })
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(CUSTOM_FIELD_DEFINITION_TYPE, CreateCustomFieldDefinitionAttributes))
    body: JsonApiInput<CreateCustomFieldDefinitionAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_DEFINITION_TYPE, await this.definitions.create(account, body.attributes), account);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a custom field definition' })
  @ApiParam({ name: 'id', description: 'Custom field definition ID' })
  @ApiOkResponse({ schema: ONE, example: DEFINITION_EXAMPLE })
  @Owned('custom field definition')
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_DEFINITION_TYPE, await this.definitions.get(account, id), account);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a custom field definition', description: 'Only the attributes sent change.' })
  @ApiParam({ name: 'id', description: 'Custom field definition ID' })
  @ApiBody(
    DEFINITION_BODY('UpdateCustomFieldDefinitionAttributes', 'Rename the field', {
      data: { type: 'custom_field_definition', attributes: { display_name: 'Customer ref.' } },
    }),
  )
  @ApiOkResponse({ schema: ONE, example: UPDATED_DEFINITION_EXAMPLE })
  @Owned('custom field definition')
  @ApiResponse({ status: 422, description: 'Invalid attributes, or an attribute that cannot change.', schema: ERROR_DOCUMENT })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_DEFINITION_TYPE, UpdateCustomFieldDefinitionAttributes))
    body: JsonApiInput<UpdateCustomFieldDefinitionAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_DEFINITION_TYPE, await this.definitions.update(account, id, body.attributes), account);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a custom field definition', description: 'Deletes its options and every value of it.' })
  @ApiParam({ name: 'id', description: 'Custom field definition ID' })
  @Deleted()
  @Owned('custom field definition')
  async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ meta: { deleted: true } }> {
    await this.definitions.remove(account, id);
    return { meta: { deleted: true } };
  }
}
