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

/** Specification 4.1 and its write side: a container (`Cargo`) takes only `pickup_dray_carrier`. */
@PartyRoleDocs.tags()
@Controller('containers/:id/party_roles')
export class ContainerPartyRolesController {
  constructor(
    private readonly roles: PartyRolesService,
    private readonly presenter: PartyRolesPresenter,
  ) {}

  @Get()
  @PartyRoleDocs.list(
    'container',
    'List container party roles',
    'Every party role of the container, one per linked party (`pickup_dray_carrier`, `roleable_type` `Cargo`), with the parties in `included`.',
  )
  async list(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    return this.presenter.all(await this.roles.list(account, { type: 'Cargo', id }), request, account);
  }

  @Post()
  @HttpCode(201)
  @PartyRoleDocs.create('container', 'Only `pickup_dray_carrier` (the default when `role` is left out); any other role answers 422.')
  async create(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(PARTY_ROLE_TYPE, PartyRoleAttributes)) body: JsonApiInput<PartyRoleAttributes>,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(await this.roles.link(account, { type: 'Cargo', id }, body), request, account);
  }

  @Delete(':role_id')
  @HttpCode(204)
  @PartyRoleDocs.remove('container')
  async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Param('role_id') roleId: string): Promise<void> {
    await this.roles.unlink(account, { type: 'Cargo', id }, roleId);
  }
}
