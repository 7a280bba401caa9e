import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { CustomFieldValuesService } from './custom-field-values.service';
import { CUSTOM_FIELD_TYPE } from './custom-field.resource';
import { EntityCustomFieldDocs } from './custom-fields.openapi';
import { CustomFieldValueAttributes } from './dto/custom-field-value.dto';

/** Custom field values of one container, addressed by the definition's `api_slug`. */
@ApiTags('Containers')
@ApiExtraModels(CustomFieldValueAttributes)
@NamedRecords({ kind: 'container', path: 'container_id' })
@Controller('containers/:container_id/custom_fields')
export class ContainerCustomFieldsController {
  constructor(
    private readonly values: CustomFieldValuesService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @EntityCustomFieldDocs.list('container', 'container_id')
  async list(
    @CurrentAccount() account: AccountContext,
    @Param('container_id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    const include = this.presenter.include(CUSTOM_FIELD_TYPE, request);
    return this.presenter.all(CUSTOM_FIELD_TYPE, await this.values.listFor(account, { type: 'Container', id }), request, account, include);
  }

  @Post()
  @HttpCode(201)
  @EntityCustomFieldDocs.create('container', 'container_id')
  async create(
    @CurrentAccount() account: AccountContext,
    @Param('container_id') id: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_TYPE, CustomFieldValueAttributes)) body: JsonApiInput<CustomFieldValueAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(
      CUSTOM_FIELD_TYPE,
      await this.values.create(account, { type: 'Container', id }, body.attributes.api_slug, body.attributes.value),
      account,
    );
  }

  @Patch(':api_slug')
  @EntityCustomFieldDocs.update('container', 'container_id')
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('container_id') id: string,
    @Param('api_slug') apiSlug: string,
    @Body(new JsonApiBody(CUSTOM_FIELD_TYPE, CustomFieldValueAttributes)) body: JsonApiInput<CustomFieldValueAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(
      CUSTOM_FIELD_TYPE,
      await this.values.updateFor(account, { type: 'Container', id }, apiSlug, body.attributes.value),
      account,
    );
  }

  @Delete(':api_slug')
  @HttpCode(204)
  @EntityCustomFieldDocs.remove('container', 'container_id')
  async remove(
    @CurrentAccount() account: AccountContext,
    @Param('container_id') id: string,
    @Param('api_slug') apiSlug: string,
  ): Promise<void> {
    await this.values.removeFor(account, { type: 'Container', id }, apiSlug);
  }
}
