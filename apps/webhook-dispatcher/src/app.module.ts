import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DataAccessModule } from '@quayside/data-access';
import { createLoggerModule, MetricsModule, RedisModule, WorkerOpsModule } from '@quayside/platform';
import { QUEUE, QueuesModule } from '@quayside/queues';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { DeliveryModule } from './delivery/delivery.module';
import { FanOutModule } from './fan-out/fan-out.module';

/** Makes the validated configuration injectable in every module of the app. */
@Module({})
class DispatcherConfigModule {
  static forRoot(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: DispatcherConfigModule,
      global: true,
      providers: [{ provide: WebhookDispatcherConfig, useValue: config }],
      exports: [WebhookDispatcherConfig],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DispatcherConfigModule.forRoot(config),
        createLoggerModule('webhook-dispatcher', config.LOG_LEVEL, config.LOG_FORMAT, config.LOG_FILE),
        MetricsModule.forRoot('webhook-dispatcher'),
        DataAccessModule.forRoot({ databaseUrl: config.DATABASE_URL }),
        RedisModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
        QueuesModule.forRoot({
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          consumes: [QUEUE.webhookFanout, QUEUE.webhookDelivery],
          relay: { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS, redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS, maxPublishes: config.OUTBOX_MAX_PUBLISHES },
          locks: { lockDurationMs: config.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: config.QUEUE_STALLED_INTERVAL_MS },
        }),
        WorkerOpsModule.forRoot({ port: config.OPS_PORT, host: config.OPS_HOST }),
        FanOutModule,
        DeliveryModule,
      ],
    };
  }
}
