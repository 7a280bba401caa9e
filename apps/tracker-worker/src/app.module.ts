import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { QUEUE } from '@quayside/queues';
import { RuntimeModule } from '@quayside/runtime';
import { AdaptersModule } from './adapters/adapters.module';
import type { TrackingAdapters } from './adapters/tracking-adapters';
import { TrackerWorkerConfig } from './config/tracker-worker.config';
import { DcsaPushModule } from './dcsa-push/dcsa-push.module';
import { DocumentsModule } from './documents/documents.module';
import { RefreshModule } from './refresh/refresh.module';
import { RetentionModule } from './retention/retention.module';
import { SchedulerModule } from './scheduler/scheduler.module';
import { SourceHealthModule } from './source-health/source-health.module';
import { TrackingRequestsModule } from './tracking-requests/tracking-requests.module';

@Module({})
export class AppModule {
  /** `adapters` replaces the configured carrier, terminal and rail adapters (tests). */
  static forRoot(config: TrackerWorkerConfig, options: { adapters?: TrackingAdapters } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forApp({
          app: 'tracker-worker',
          config,
          configClass: TrackerWorkerConfig,
          consumes: [QUEUE.tracker, QUEUE.dcsaPush, QUEUE.documents],
          genericPlans: true,
        }),
        SourceHealthModule,
        AdaptersModule.forRoot(config, options.adapters),
        TrackingRequestsModule,
        RefreshModule,
        DcsaPushModule,
        SchedulerModule,
        DocumentsModule,
        RetentionModule,
      ],
    };
  }
}
