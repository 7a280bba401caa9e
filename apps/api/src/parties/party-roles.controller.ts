import type { Type } from '@nestjs/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Roleable } from '@quayside/data-access';
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

/** What differs between the party roles of a container and those of a shipment. */
export interface RoleableRoutes {
  /** `containers` or `shipments`: the routes are `<resource>/:id/party_roles`. */
  resource: 'containers' | 'shipments';
  roleableType: Roleable['type'];
  /** The singular name used in the OpenAPI texts. */
  name: 'container' | 'shipment';
  listSummary: string;
  listDescription: string;
  /** Which roles `POST` takes, for the OpenAPI description. */
  rolesRule: string;
}

/**
 * The party-role routes of one kind of roleable, the same shape for containers and shipments:
 * list, link and unlink, all through `PartyRolesService` (which checks the roleable is the caller's).
 */
export function partyRolesController(routes: RoleableRoutes): Type<unknown> {
  const roleable = (id: string): Roleable => ({ type: routes.roleableType, id });

  @PartyRoleDocs.tags()
  @Controller(`${routes.resource}/:id/party_roles`)
  class PartyRolesController {
    constructor(
      readonly roles: PartyRolesService,
      readonly presenter: PartyRolesPresenter,
    ) {}

    @Get()
    @PartyRoleDocs.list(routes.name, routes.listSummary, routes.listDescription)
    async list(
      @CurrentAccount() account: AccountContext,
      @Param('id') id: string,
      @Req() request: FastifyRequest,
    ): Promise<JsonApiDocument> {
      return this.presenter.all(await this.roles.list(account, roleable(id)), request, account);
    }

    @Post()
    @HttpCode(201)
    @PartyRoleDocs.create(routes.name, routes.rolesRule)
    async create(
      @CurrentAccount() account: AccountContext,
      @Param('id') id: string,
      @Body(new JsonApiBody(PARTY_ROLE_TYPE, PartyRoleAttributes)) body: JsonApiInput<PartyRoleAttributes>,
      @Req() request: FastifyRequest,
    ): Promise<JsonApiDocument> {
      return this.presenter.one(await this.roles.link(account, roleable(id), body), request, account);
    }

    @Delete(':role_id')
    @HttpCode(204)
    @PartyRoleDocs.remove(routes.name)
    async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Param('role_id') roleId: string): Promise<void> {
      await this.roles.unlink(account, roleable(id), roleId);
    }
  }
  Object.defineProperty(PartyRolesController, 'name', {
    value: `${routes.name === 'container' ? 'Container' : 'Shipment'}PartyRolesController`,
  });
  return PartyRolesController;
}
