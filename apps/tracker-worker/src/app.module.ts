import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DataAccessModule } from '@quayside/data-access';
import { createLoggerModule, MetricsModule, RedisModule, WorkerOpsModule } from '@quayside/platform';
import { QUEUE, QueuesModule } from '@quayside/queues';
import { AdaptersModule } from './adapters/adapters.module';
import type { TrackingAdapters } from './adapters/tracking-adapters';
import { TrackerWorkerConfig } from './config/tracker-worker.config';
import { RefreshModule } from './refresh/refresh.module';
import { SchedulerModule } from './scheduler/scheduler.module';
import { TrackingRequestsModule } from './tracking-requests/tracking-requests.module';

@Module({})
export class AppModule {
  /** `adapters` replaces the configured carrier, terminal and rail adapters (tests). */
  static forRoot(config: TrackerWorkerConfig, options: { adapters?: TrackingAdapters } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        createLoggerModule('tracker-worker', config.LOG_LEVEL, config.LOG_FORMAT, config.LOG_FILE),
        MetricsModule.forRoot('tracker-worker'),
        DataAccessModule.forRoot({ databaseUrl: config.DATABASE_URL }),
        RedisModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
        QueuesModule.forRoot({
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          consumes: [QUEUE.tracker],
          relay: { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS, redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS, maxPublishes: config.OUTBOX_MAX_PUBLISHES },
          locks: { lockDurationMs: config.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: config.QUEUE_STALLED_INTERVAL_MS },
        }),
        WorkerOpsModule.forRoot({ port: config.OPS_PORT, host: config.OPS_HOST }),
        AdaptersModule.forRoot(config, options.adapters),
        TrackingRequestsModule,
        RefreshModule,
        SchedulerModule,
      ],
    };
  }
}
