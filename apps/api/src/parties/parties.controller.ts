import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
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
import { CreatePartyAttributes } from './dto/create-party.dto';
import { UpdatePartyAttributes } from './dto/update-party.dto';
import { PartiesService } from './parties.service';
import { PARTY_TYPE } from './party.resource';
import { PARTY_SCHEMA, partyBody } from './party.schema';
import {
  CREATE_PARTY_BODY_EXAMPLE,
  PARTY_EXAMPLE,
  PARTY_LIST_EXAMPLE,
  UPDATE_PARTY_BODY_EXAMPLE,
  UPDATED_PARTY_EXAMPLE,
} from './party.examples';

@ApiTags('Parties')
@ApiExtraModels(CreatePartyAttributes, UpdatePartyAttributes)
@Controller('parties')
export class PartiesController {
  constructor(
    private readonly parties: PartiesService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List parties', description: 'Oldest first by `(created_at, id)`.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(PARTY_SCHEMA), example: PARTY_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const page = this.presenter.page(request);
    return this.presenter.paginated(PARTY_TYPE, await this.parties.list(account, page), page, request, account);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a party' })
  @ApiParam({ name: 'id', description: 'Party id (uuid)' })
  @ApiOkResponse({ schema: singleDocument(PARTY_SCHEMA), example: PARTY_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The party belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such party.', schema: ERROR_DOCUMENT })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    return this.presenter.one(PARTY_TYPE, await this.parties.get(account, id), account);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a party', description: '`company_name` is required; `nickname` is optional.' })
  @ApiBody({ schema: partyBody('CreatePartyAttributes'), examples: CREATE_PARTY_BODY_EXAMPLE })
  @ApiCreatedResponse({ schema: singleDocument(PARTY_SCHEMA), example: PARTY_EXAMPLE })
  @ApiResponse({ status: 422, description: 'Invalid attributes; one error per problem with `source.pointer`.', schema: ERROR_DOCUMENT })
  async create(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(PARTY_TYPE, CreatePartyAttributes)) body: JsonApiInput<CreatePartyAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(PARTY_TYPE, await this.parties.create(account, body.attributes), account);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a party', description: 'Only the attributes sent change; `nickname: null` clears it.' })
  @ApiParam({ name: 'id', description: 'Party id (uuid)' })
  @ApiBody({ schema: partyBody('UpdatePartyAttributes'), examples: UPDATE_PARTY_BODY_EXAMPLE })
  @ApiOkResponse({ schema: singleDocument(PARTY_SCHEMA), example: UPDATED_PARTY_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The party belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such party.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 422, description: 'Invalid attributes.', schema: ERROR_DOCUMENT })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(PARTY_TYPE, UpdatePartyAttributes)) body: JsonApiInput<UpdatePartyAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(PARTY_TYPE, await this.parties.update(account, id, body.attributes), account);
  }
}
