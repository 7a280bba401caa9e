import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { PartyRepository, PartyRoleRepository, RecordOwnerRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { PartiesController } from './parties.controller';
import { PartiesService } from './parties.service';
import { partyRolesController } from './party-roles.controller';
import { CONTAINER_ROLE_ROUTES, SHIPMENT_ROLE_ROUTES } from './roleable-routes';
import { partyRoleResource } from './party-role.resource';
import { partyResource } from './party.resource';
import { PartyRolesPresenter } from './party-roles.presenter';
import { PartyRolesService } from './party-roles.service';

/**
 * Parties and their roles on containers and shipments (docs/parties.md); the write
 * side is documented in docs/parties.md. Registers the `party` and `party_role` types.
 */
@Module({
  controllers: [PartiesController, partyRolesController(CONTAINER_ROLE_ROUTES), partyRolesController(SHIPMENT_ROLE_ROUTES)],
  providers: [PartyRepository, PartyRoleRepository, RecordOwnerRepository, PartiesService, PartyRolesService, PartyRolesPresenter],
})
export class PartiesModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly parties: PartyRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(partyResource);
    this.registry.register(partyRoleResource((ids, account) => this.parties.findManyOwned(account, ids)));
  }
}
