import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { ScheduleRefreshesService } from './schedule-refreshes.service';
import { SchedulerProcessor } from './scheduler.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [ScheduleRefreshesService, SchedulerProcessor],
  exports: [ScheduleRefreshesService],
})
export class SchedulerModule {}
