import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { RefreshCarrierShipmentUseCase } from './refresh-carrier-shipment.use-case';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import { RefreshProcessor } from './refresh.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [RefreshCarrierShipmentUseCase, RefreshShipmentUseCase, RefreshContainerUseCase, RefreshProcessor],
  exports: [RefreshCarrierShipmentUseCase, RefreshShipmentUseCase, RefreshContainerUseCase],
})
export class RefreshModule {}
