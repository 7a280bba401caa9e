import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  ContainerRepository,
  RawEventRepository,
  ReferenceResourceRepository,
  TransportEventRepository,
  VesselRepository,
} from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { ContainersModule } from '../containers/containers.module';
import { ContainersQueryService } from '../containers/containers-query.service';
import type { AccountContext } from '../tenancy/account-context';
import { rawEventResource } from './raw-event.resource';
import { RawEventsController } from './raw-events.controller';

/** `GET /v2/containers/{id}/raw_events` and the `raw_event` resource type. */
@Module({
  imports: [ContainersModule],
  controllers: [RawEventsController],
  providers: [ContainerRepository, RawEventRepository, TransportEventRepository, ReferenceResourceRepository, VesselRepository],
})
export class RawEventsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly containers: ContainersQueryService,
    private readonly reference: ReferenceResourceRepository,
    private readonly transportEvents: TransportEventRepository,
    private readonly vessels: VesselRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      rawEventResource({
        containers: (ids, account) => this.containers.byIds(account, ids),
        ports: (ids) => this.reference.findPortsByIds(ids),
        terminals: (ids) => this.reference.findTerminalsByIds(ids),
        transportEvents: (ids, account) => this.transportEvents.findManyRecords(account, ids),
        vesselIds: async (vessels) => new Map([...(await this.vessels.register(vessels))].map(([imo, vessel]) => [imo, vessel.id])),
      }),
    );
  }
}
