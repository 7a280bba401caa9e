import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DataAccessModule } from '@quayside/data-access';
import { createLoggerModule, RedisModule, WorkerOpsModule } from '@quayside/platform';
import { QueuesModule } from '@quayside/queues';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';

@Module({})
export class AppModule {
  static forRoot(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        createLoggerModule('webhook-dispatcher', config.LOG_LEVEL, config.LOG_FORMAT),
        DataAccessModule.forRoot({ databaseUrl: config.DATABASE_URL }),
        RedisModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
        QueuesModule.forRoot({
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          consumes: [],
          relay: { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS, redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS },
        }),
        WorkerOpsModule.forRoot({ port: config.OPS_PORT, host: config.OPS_HOST }),
      ],
      providers: [{ provide: WebhookDispatcherConfig, useValue: config }],
      exports: [WebhookDispatcherConfig],
    };
  }
}
