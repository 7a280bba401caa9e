import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import type { Query } from '../common/query-parameters';
import { listDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { CustomFieldValuesService } from './custom-field-values.service';
import { CUSTOM_FIELD_TYPE } from './custom-field.resource';
import {
  CUSTOM_FIELD_CREATE_BODY,
  CUSTOM_FIELD_DEFINITION_SCHEMA,
  CUSTOM_FIELD_SCHEMA,
  CUSTOM_FIELD_VALUE_BODY,
} from './custom-field.schema';
import { CUSTOM_FIELD_EXAMPLE, CUSTOM_FIELD_LIST_EXAMPLE, UPDATED_CUSTOM_FIELD_EXAMPLE } from './custom-field.examples';
import { Deleted, Owned, VALUE_422 } from './custom-fields.openapi';
import { CustomFieldValueAttributes } from './dto/custom-field-value.dto';

const ONE = singleDocument(CUSTOM_FIELD_SCHEMA, [CUSTOM_FIELD_DEFINITION_SCHEMA]);

/** Custom field values of every entity, addressed by their own id. */
@ApiTags('Custom Fields')
@ApiExtraModels(CustomFieldValueAttributes)
@NamedRecords(
  { kind: 'custom_field', path: 'id' },
  { kind: 'custom_field_definition', query: 'filter[definition_id]' },
  { kind: 'shipment', query: 'filter[entity_id]' },
  { kind: 'container', query: 'filter[entity_id]' },
  { kind: 'tracking_request', query: 'filter[entity_id]' },
)
@Controller('custom_fields')
export class CustomFieldsController {
  constructor(
    private readonly values: CustomFieldValuesService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List custom fields',
    description: 'Values of the account, oldest first. `include=definition` adds the definitions.',
  })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiQuery({ name: 'filter[entity_type]', required: false, description: 'Shipment, Container or TrackingRequest' })
  @ApiQuery({ name: 'filter[entity_id]', required: false, description: 'Id of the shipment, container or tracking request' })
  @ApiQuery({ name: 'filter[definition_id]', required: false, description: 'Custom field definition ID' })
  @ApiQuery({ name: 'include', required: false, description: '`definition`' })
  @ApiOkResponse({ schema: listDocument(CUSTOM_FIELD_SCHEMA, [CUSTOM_FIELD_DEFINITION_SCHEMA]), example: CUSTOM_FIELD_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const page = this.presenter.page(request);
    const include = this.presenter.include(CUSTOM_FIELD_TYPE, request);
    const result = await this.values.list(account, this.values.filters(request.query as Query), page);
    return this.presenter.paginated(CUSTOM_FIELD_TYPE, result, page, request, account, include);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a custom field',
    description: 'Sets a value on the record of `relationships.entity`; 409 when it already has one.',
  })
  @ApiBody(CUSTOM_FIELD_CREATE_BODY)
  @ApiCreatedResponse({ schema: ONE, example: CUSTOM_FIELD_EXAMPLE })
  @Owned('record of relationships.entity')
  @VALUE_422
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(CUSTOM_FIELD_TYPE, CustomFieldValueAttributes)) body: JsonApiInput<CustomFieldValueAttributes>,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    const created = await this.values.createFromRelationships(account, body.relationships, body.attributes.api_slug, body.attributes.value);
    return this.presenter.one(CUSTOM_FIELD_TYPE, created, account, this.presenter.include(CUSTOM_FIELD_TYPE, request));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a custom field' })
  @ApiParam({ name: 'id', description: 'Custom field ID' })
  @ApiOkResponse({ schema: ONE, example: CUSTOM_FIELD_EXAMPLE })
  @Owned('custom field')
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(CUSTOM_FIELD_TYPE, request);
    return this.presenter.one(CUSTOM_FIELD_TYPE, await this.values.get(account, id), account, include);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a custom field' })
  @ApiParam({ name: 'id', description: 'Custom field ID' })
  @ApiBody(CUSTOM_FIELD_VALUE_BODY('Correct the value', { data: { type: 'custom_field', attributes: { value: 'ABC125' } } }))
  @ApiOkResponse({ schema: ONE, example: UPDATED_CUSTOM_FIELD_EXAMPLE })
  @Owned('custom field')
  @VALUE_422
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_TYPE, CustomFieldValueAttributes)) body: JsonApiInput<CustomFieldValueAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(CUSTOM_FIELD_TYPE, await this.values.update(account, id, body.attributes.value), account);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a custom field' })
  @ApiParam({ name: 'id', description: 'Custom field ID' })
  @Deleted()
  @Owned('custom field')
  async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ meta: { deleted: true } }> {
    await this.values.remove(account, id);
    return { meta: { deleted: true } };
  }
}
