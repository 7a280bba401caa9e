import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import { RefreshProcessor } from './refresh.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [RefreshShipmentUseCase, RefreshContainerUseCase, RefreshProcessor],
  exports: [RefreshShipmentUseCase, RefreshContainerUseCase],
})
export class RefreshModule {}
