import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { TrackRequestUseCase } from './track-request.use-case';
import { TrackingRequestsProcessor } from './tracking-requests.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [TrackRequestUseCase, TrackingRequestsProcessor],
  exports: [TrackRequestUseCase],
})
export class TrackingRequestsModule {}
