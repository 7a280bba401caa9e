import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ReferenceResourceRepository } from '@quayside/data-access';
import { notFound } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import { PORT_TYPE, SHIPPING_LINE_TYPE, TERMINAL_TYPE } from './reference-resources';
import { portSchema, shippingLineSchema, terminalSchema } from './reference-resources.openapi';
import { PORT_EXAMPLE, SHIPPING_LINE_EXAMPLE, SHIPPING_LINE_LIST_EXAMPLE, TERMINAL_EXAMPLE } from './reference-data.examples';

const NOT_FOUND = { status: 404, description: 'No such record (also for anything that is not an id).', schema: ERROR_DOCUMENT };

/**
 * Reference data is the same for every account and is not tracking data: any authenticated
 * account on any plan reads it. An unknown or malformed id answers 404 (never 400), as every
 * other endpoint does.
 */
@ApiTags('Reference data')
@Controller()
export class ReferenceDataController {
  constructor(
    private readonly reference: ReferenceResourceRepository,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get('shipping_lines')
  @ApiOperation({ summary: 'List shipping lines', description: 'Every supported line, by SCAC; not paginated (as the established API).' })
  @ApiResponse({ status: 200, schema: listDocument(shippingLineSchema), example: SHIPPING_LINE_LIST_EXAMPLE })
  async listShippingLines(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(SHIPPING_LINE_TYPE, request);
    return this.presenter.all(SHIPPING_LINE_TYPE, await this.reference.listShippingLines(), request, account, include);
  }

  @Get('shipping_lines/:id')
  @ApiOperation({ summary: 'Get a shipping line' })
  @ApiParam({ name: 'id', description: 'Shipping line id' })
  @ApiResponse({ status: 200, schema: singleDocument(shippingLineSchema), example: SHIPPING_LINE_EXAMPLE })
  @ApiResponse(NOT_FOUND)
  async getShippingLine(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    const line = await this.reference.findShippingLine(id);
    if (line === null) throw notFound(SHIPPING_LINE_TYPE, id);
    return this.presenter.one(SHIPPING_LINE_TYPE, line, account);
  }

  @Get('ports/:id')
  @ApiOperation({ summary: 'Get a port by id or UN/LOCODE', description: '`include=terminals` side-loads its terminals.' })
  @ApiParam({ name: 'id', description: 'Port id, or its UN/LOCODE (e.g. USLAX)' })
  @ApiQuery({ name: 'include', required: false, description: '`terminals`' })
  @ApiResponse({ status: 200, schema: singleDocument(portSchema, [terminalSchema]), example: PORT_EXAMPLE })
  @ApiResponse(NOT_FOUND)
  async getPort(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    const include = this.presenter.include(PORT_TYPE, request);
    const port = await this.reference.findPort(id);
    if (port === null) throw notFound(PORT_TYPE, id);
    return this.presenter.one(PORT_TYPE, port, account, include);
  }

  @Get('terminals/:id')
  @ApiOperation({ summary: 'Get a terminal', description: '`include=port` side-loads its port.' })
  @ApiParam({ name: 'id', description: 'Terminal id' })
  @ApiQuery({ name: 'include', required: false, description: '`port`' })
  @ApiResponse({ status: 200, schema: singleDocument(terminalSchema, [portSchema]), example: TERMINAL_EXAMPLE })
  @ApiResponse(NOT_FOUND)
  async getTerminal(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    const include = this.presenter.include(TERMINAL_TYPE, request);
    const terminal = await this.reference.findTerminal(id);
    if (terminal === null) throw notFound(TERMINAL_TYPE, id);
    return this.presenter.one(TERMINAL_TYPE, terminal, account, include);
  }
}
