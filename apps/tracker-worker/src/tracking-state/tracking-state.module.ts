import { Module } from '@nestjs/common';
import { CarrierShipmentRepository, ObservationRepository, ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { CarrierShipmentRefresher } from './carrier-shipment-refresher.service';
import { ObservationService } from './observation.service';

/**
 * What every job family shares: asking carriers, terminals and rail (the adapters come from
 * the app module), the one refresh of a physical shipment, and the tracker's repositories.
 */
@Module({
  providers: [
    ObservationService,
    CarrierShipmentRefresher,
    ShipmentStateRepository,
    ObservationRepository,
    CarrierShipmentRepository,
    TrackingRepository,
  ],
  exports: [
    ObservationService,
    CarrierShipmentRefresher,
    ShipmentStateRepository,
    ObservationRepository,
    CarrierShipmentRepository,
    TrackingRepository,
  ],
})
export class TrackingStateModule {}
