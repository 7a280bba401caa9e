import { Module } from '@nestjs/common';
import { SandboxVesselPositionSource, SeaRouter } from '@quayside/carriers';
import { ContainerRepository, ReferenceResourceRepository, VesselRepository } from '@quayside/data-access';
import { ContainerRoutingController } from './container-routing.controller';
import { RoutingService, SEA_ROUTER, VESSEL_POSITION_SOURCE } from './routing.service';
import { VesselsController } from './vessels.controller';

/**
 * Vessels, container routes and maps (feature `routing`). Positions come from the sandbox
 * source; an AIS provider plugs in as another `VesselPositionSource` (docs/vessels-and-maps.md).
 */
@Module({
  controllers: [ContainerRoutingController, VesselsController],
  providers: [
    ContainerRepository,
    VesselRepository,
    ReferenceResourceRepository,
    RoutingService,
    { provide: SEA_ROUTER, useFactory: () => new SeaRouter() },
    { provide: VESSEL_POSITION_SOURCE, useFactory: (router: SeaRouter) => new SandboxVesselPositionSource(router), inject: [SEA_ROUTER] },
  ],
  exports: [RoutingService],
})
export class RoutingModule {}
