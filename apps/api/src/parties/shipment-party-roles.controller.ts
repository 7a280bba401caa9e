import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { PartyRoleAttributes } from './dto/party-role-attributes.dto';
import { PARTY_ROLE_TYPE } from './party-role.resource';
import { PartyRoleDocs } from './party-roles.openapi';
import { PartyRolesPresenter } from './party-roles.presenter';
import { PartyRolesService } from './party-roles.service';

/** Party roles of a shipment: any of the seven roles. */
@PartyRoleDocs.tags()
@Controller('shipments/:id/party_roles')
export class ShipmentPartyRolesController {
  constructor(
    private readonly roles: PartyRolesService,
    private readonly presenter: PartyRolesPresenter,
  ) {}

  @Get()
  @PartyRoleDocs.list('shipment', 'List shipment party roles', 'Every party role of the shipment (`roleable_type` `Shipment`), with the parties in `included`.')
  async list(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    return this.presenter.all(await this.roles.list(account, { type: 'Shipment', id }), request, account);
  }

  @Post()
  @HttpCode(201)
  @PartyRoleDocs.create('shipment', '`role` is required: shipper, consignee, notify_party, customs_broker, customer, freight_forwarder or pickup_dray_carrier.')
  async create(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(PARTY_ROLE_TYPE, PartyRoleAttributes)) body: JsonApiInput<PartyRoleAttributes>,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(await this.roles.link(account, { type: 'Shipment', id }, body), request, account);
  }

  @Delete(':role_id')
  @HttpCode(204)
  @PartyRoleDocs.remove('shipment')
  async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Param('role_id') roleId: string): Promise<void> {
    await this.roles.unlink(account, { type: 'Shipment', id }, roleId);
  }
}
