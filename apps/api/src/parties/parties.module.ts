import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { PartyRepository, PartyRoleRepository, RecordOwnerRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { ContainerPartyRolesController } from './container-party-roles.controller';
import { PartiesController } from './parties.controller';
import { PartiesService } from './parties.service';
import { partyRoleResource } from './party-role.resource';
import { partyResource } from './party.resource';
import { PartyRolesPresenter } from './party-roles.presenter';
import { PartyRolesService } from './party-roles.service';
import { ShipmentPartyRolesController } from './shipment-party-roles.controller';

/**
 * Parties and their roles on containers and shipments (specification 2.1, 2.2, 4.1); the write
 * side is documented in docs/parties.md. Registers the `party` and `party_role` types.
 */
@Module({
  controllers: [PartiesController, ContainerPartyRolesController, ShipmentPartyRolesController],
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
