import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ReferenceResourceRepository, ShipmentRepository, WidgetKeyRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { ContainersModule } from '../containers/containers.module';
import { RoutingModule } from '../routing/routing.module';
import type { AccountContext } from '../tenancy/account-context';
import { WidgetAccessService } from './widget-access.service';
import { WidgetController } from './widget.controller';
import { WidgetDataService } from './widget-data.service';
import { widgetKeyResource } from './widget-key.resource';
import { WidgetKeysController } from './widget-keys.controller';

/** The embeddable widget and map and its publishable keys (docs/widget.md), feature `map_widget`. */
@Module({
  imports: [ContainersModule, RoutingModule],
  controllers: [WidgetKeysController, WidgetController],
  providers: [WidgetKeyRepository, ShipmentRepository, ReferenceResourceRepository, WidgetAccessService, WidgetDataService],
})
export class WidgetModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(widgetKeyResource);
  }
}
