import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  ContainerRepository,
  CustomFieldDefinitionRepository,
  RawEventRepository,
  ReferenceResourceRepository,
  ShipmentRepository,
  TransportEventRepository,
} from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { containerResource } from './container.resource';
import { ContainersController } from './containers.controller';
import { ContainersQueryService } from './containers-query.service';
import { RefreshContainerUseCase } from './refresh-container.use-case';

/**
 * `GET /v2/containers`, `/v2/containers/{id}`, `PATCH /v2/containers[/{id}]`, `PATCH /v2/containers/{id}/refresh`, and the
 * `container` resource type (its includes load shipments, terminals, transport and raw events in
 * one query per relationship). Exports `ContainersQueryService` for include loaders elsewhere.
 */
@Module({
  controllers: [ContainersController],
  providers: [
    CustomFieldDefinitionRepository,
    ContainerRepository,
    TransportEventRepository,
    RawEventRepository,
    ShipmentRepository,
    ReferenceResourceRepository,
    ContainersQueryService,
    RefreshContainerUseCase,
  ],
  exports: [ContainersQueryService],
})
export class ContainersModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly shipments: ShipmentRepository,
    private readonly reference: ReferenceResourceRepository,
    private readonly transportEvents: TransportEventRepository,
    private readonly rawEvents: RawEventRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      containerResource({
        shipments: (ids, account) => this.shipments.findManyRecords(account, ids),
        terminals: (ids) => this.reference.findTerminalsByIds(ids),
        transportEvents: (ids, account) => this.transportEvents.findManyRecords(account, ids),
        rawEvents: (ids, account) => this.rawEvents.findManyOwned(account, ids),
      }),
    );
  }
}
