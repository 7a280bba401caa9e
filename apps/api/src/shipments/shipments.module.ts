import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  CustomFieldDefinitionRepository,
  RailTerminalRepository,
  ReferenceResourceRepository,
  ShipmentRepository,
} from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { ContainersModule } from '../containers/containers.module';
import { ContainersQueryService } from '../containers/containers-query.service';
import type { AccountContext } from '../tenancy/account-context';
import { shipmentResource } from './shipment.resource';
import { ShipmentsController } from './shipments.controller';
import { SwitchShipmentTrackingUseCase } from './switch-shipment-tracking.use-case';

/**
 * `GET/PATCH /v2/shipments`, stop and resume, and the `shipment` resource type. Every
 * includable relationship loads with one query for all shipments of the document; containers
 * come from the containers feature so they read exactly as `GET /v2/containers` shows them.
 */
@Module({
  imports: [ContainersModule],
  controllers: [ShipmentsController],
  providers: [CustomFieldDefinitionRepository, ShipmentRepository, ReferenceResourceRepository, SwitchShipmentTrackingUseCase],
})
export class ShipmentsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly reference: ReferenceResourceRepository,
    private readonly containers: ContainersQueryService,
    private readonly railTerminals: RailTerminalRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      shipmentResource({
        ports: (ids) => this.reference.findPortsByIds(ids),
        terminals: (ids) => this.reference.findTerminalsByIds(ids),
        railTerminals: (ids) => this.railTerminals.findByIds(ids),
        shippingLines: (ids) => this.reference.findShippingLinesByIds(ids),
        containers: (ids, account) => this.containers.byIds(account, ids),
      }),
    );
  }
}
