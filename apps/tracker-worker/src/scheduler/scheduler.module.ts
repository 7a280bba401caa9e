import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { ScheduleRefreshesService } from './schedule-refreshes.service';
import { SchedulerTickRegistration } from './scheduler-tick.registration';
import { SchedulerProcessor } from './scheduler.processor';

@Module({
  imports: [TrackingStateModule],
  providers: [ScheduleRefreshesService, SchedulerTickRegistration, SchedulerProcessor],
  exports: [ScheduleRefreshesService],
})
export class SchedulerModule {}
