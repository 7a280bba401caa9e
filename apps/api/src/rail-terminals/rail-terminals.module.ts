import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { MetroAreaRepository, ReferenceResourceRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { railTerminalResource } from './rail-terminal.resource';

/** The `rail_terminal` resource type: includable where a relationship names one, no route of its own. */
@Module({
  providers: [MetroAreaRepository, ReferenceResourceRepository],
})
export class RailTerminalsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly reference: ReferenceResourceRepository,
    private readonly metroAreas: MetroAreaRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      railTerminalResource({
        ports: (ids) => this.reference.findPortsByIds(ids),
        metroAreas: (ids) => this.metroAreas.findManyByIds(ids),
      }),
    );
  }
}
