import { Injectable } from '@nestjs/common';
import type { PartyRoleEntity } from '@quayside/data-access';
import type { IncludeTree, JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import { PARTY_ROLE_TYPE } from './party-role.resource';

/**
 * Party role documents always carry their parties in `included` (docs/parties.md: each
 * `relationships.party.data.id` matches an entry of `included`), whatever `include` says.
 */
@Injectable()
export class PartyRolesPresenter {
  constructor(private readonly presenter: JsonApiPresenter) {}

  async all(roles: readonly PartyRoleEntity[], request: FastifyRequest, account: AccountContext): Promise<JsonApiDocument> {
    return this.presenter.all(PARTY_ROLE_TYPE, roles, request, account, this.withParty(request));
  }

  async one(role: PartyRoleEntity, request: FastifyRequest, account: AccountContext): Promise<JsonApiDocument> {
    return this.presenter.one(PARTY_ROLE_TYPE, role, account, this.withParty(request));
  }

  private withParty(request: FastifyRequest): IncludeTree {
    const include = this.presenter.include(PARTY_ROLE_TYPE, request);
    if (!include.has('party')) include.set('party', new Map());
    return include;
  }
}
