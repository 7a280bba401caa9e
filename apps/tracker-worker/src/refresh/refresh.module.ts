import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';
import { RefreshContainerUseCase } from './refresh-container.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import { RefreshProcessor } from './refresh.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [RefreshCarrierShipmentsUseCase, RefreshShipmentUseCase, RefreshContainerUseCase, RefreshProcessor],
  exports: [RefreshCarrierShipmentsUseCase, RefreshShipmentUseCase, RefreshContainerUseCase],
})
export class RefreshModule {}
