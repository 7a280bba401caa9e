import type { OnModuleDestroy } from '@nestjs/common';
import { Inject, Module } from '@nestjs/common';
import { SeaRouter } from '@quayside/carriers';
import { ContainerRepository, ReferenceResourceRepository, VesselRepository } from '@quayside/data-access';
import { ApiConfig } from '../config/api.config';
import { ContainerRoutingController } from './container-routing.controller';
import { RoutingService, SEA_ROUTER, VESSEL_POSITION_SOURCE } from './routing.service';
import { configuredVesselPositions } from './vessel-position-source.factory';
import type { ConfiguredVesselPositions } from './vessel-position-source.factory';
import { VesselsController } from './vessels.controller';

const CONFIGURED_VESSEL_POSITIONS = Symbol('CONFIGURED_VESSEL_POSITIONS');

/**
 * Vessels, container routes and maps (feature `routing`). Positions come from the source
 * `VESSEL_POSITIONS` names: the sandbox, plus Datalastic's AIS API for real vessels
 * (docs/vessels-and-maps.md).
 */
@Module({
  controllers: [ContainerRoutingController, VesselsController],
  providers: [
    ContainerRepository,
    VesselRepository,
    ReferenceResourceRepository,
    RoutingService,
    { provide: SEA_ROUTER, useFactory: () => new SeaRouter() },
    {
      provide: CONFIGURED_VESSEL_POSITIONS,
      useFactory: (config: ApiConfig, router: SeaRouter) => configuredVesselPositions(config.vesselPositions, router),
      inject: [ApiConfig, SEA_ROUTER],
    },
    {
      provide: VESSEL_POSITION_SOURCE,
      useFactory: (configured: ConfiguredVesselPositions) => configured.source,
      inject: [CONFIGURED_VESSEL_POSITIONS],
    },
  ],
  exports: [RoutingService],
})
export class RoutingModule implements OnModuleDestroy {
  constructor(@Inject(CONFIGURED_VESSEL_POSITIONS) private readonly positions: ConfiguredVesselPositions) {}

  async onModuleDestroy(): Promise<void> {
    await this.positions.close();
  }
}
