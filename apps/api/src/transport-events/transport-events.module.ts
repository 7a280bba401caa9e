import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  ContainerRepository,
  RailTerminalRepository,
  RawEventRepository,
  ReferenceResourceRepository,
  ShipmentRepository,
  TransportEventRepository,
} from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { ContainersModule } from '../containers/containers.module';
import { ContainersQueryService } from '../containers/containers-query.service';
import type { AccountContext } from '../tenancy/account-context';
import { transportEventResource } from './transport-event.resource';
import { TransportEventsController } from './transport-events.controller';
import { TransportEventsQueryService } from './transport-events-query.service';

/** `GET /v2/containers/{id}/transport_events` and the `transport_event` resource type. */
@Module({
  imports: [ContainersModule],
  controllers: [TransportEventsController],
  providers: [
    ContainerRepository,
    RawEventRepository,
    TransportEventRepository,
    ShipmentRepository,
    ReferenceResourceRepository,
    TransportEventsQueryService,
  ],
})
export class TransportEventsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly shipments: ShipmentRepository,
    private readonly containers: ContainersQueryService,
    private readonly reference: ReferenceResourceRepository,
    private readonly transportEvents: TransportEventRepository,
    private readonly rawEvents: RawEventRepository,
    private readonly railTerminals: RailTerminalRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      transportEventResource({
        shipments: (ids, account) => this.shipments.findManyRecords(account, ids),
        containers: (ids, account) => this.containers.byIds(account, ids),
        ports: (ids) => this.reference.findPortsByIds(ids),
        terminals: (ids) => this.reference.findTerminalsByIds(ids),
        railTerminals: (ids) => this.railTerminals.findByIds(ids),
        transportEvents: (ids, account) => this.transportEvents.findManyRecords(account, ids),
        rawEvents: (ids, account) => this.rawEvents.findManyOwned(account, ids),
      }),
    );
  }
}
