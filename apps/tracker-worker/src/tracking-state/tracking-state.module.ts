import { Module } from '@nestjs/common';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { ObservationService } from './observation.service';

/**
 * What every job family shares: asking carriers, terminals and rail (the adapters come from
 * the app module) and the tracker's repositories.
 */
@Module({
  providers: [ObservationService, ShipmentStateRepository, TrackingRepository],
  exports: [ObservationService, ShipmentStateRepository, TrackingRepository],
})
export class TrackingStateModule {}
