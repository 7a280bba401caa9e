import type { DynamicModule, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DataAccessModule } from '@quayside/data-access';
import type { BaseAppConfig, WorkerAppConfig } from '@quayside/platform';
import { createLoggerModule, MetricsModule, RedisModule, WorkerOpsModule } from '@quayside/platform';
import type { QueueName } from '@quayside/queues';
import { QueuesModule } from '@quayside/queues';

export interface RuntimeOptions<TConfig extends BaseAppConfig> {
  /** `api`, `tracker-worker` or `webhook-dispatcher`: tags every log line and metric. */
  app: string;
  /** The app's validated configuration; injectable everywhere as `configClass`. */
  config: TConfig;
  configClass: Type<TConfig>;
  /** The queues this app consumes (none for the api: it only relays its outbox). */
  consumes: readonly QueueName[];
  /** Prepared statements planned once per connection (the workers; see PlanningOptions). */
  genericPlans?: boolean;
}

/**
 * What every Quayside process runs on, wired once: its configuration (global), JSON logs,
 * Prometheus metrics, the database, Redis, the queues with the outbox relay, and for a worker
 * (which has no HTTP api of its own) the ops server for health and metrics. An app imports
 * `RuntimeModule.forApp(...)` and then only its own feature modules.
 */
@Module({})
export class RuntimeModule {
  static forApp<TConfig extends BaseAppConfig>(options: RuntimeOptions<TConfig>): DynamicModule {
    const { app, config, configClass, consumes, genericPlans } = options;
    const worker = isWorkerConfig(config) ? config : null;
    return {
      module: RuntimeModule,
      global: true,
      imports: [
        createLoggerModule(app, config.LOG_LEVEL, config.LOG_FORMAT, config.LOG_FILE),
        MetricsModule.forRoot(app),
        DataAccessModule.forRoot({ ...config.databaseConnection, genericPlans }),
        RedisModule.forRoot({ connection: config.redisConnection, prefix: config.REDIS_PREFIX }),
        QueuesModule.forRoot({
          redis: config.redisConnection,
          prefix: config.REDIS_PREFIX,
          consumes: [...consumes],
          relay: {
            pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
            redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS,
            maxPublishes: config.OUTBOX_MAX_PUBLISHES,
            wakeOnCommit: config.OUTBOX_WAKE_ON_COMMIT === 'true',
          },
          ...(worker
            ? { locks: { lockDurationMs: worker.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: worker.QUEUE_STALLED_INTERVAL_MS } }
            : {}),
        }),
        ...(worker ? [WorkerOpsModule.forRoot({ port: worker.OPS_PORT, host: worker.OPS_HOST })] : []),
      ],
      providers: [{ provide: configClass, useValue: config }],
      exports: [configClass],
    };
  }
}

function isWorkerConfig(config: BaseAppConfig): config is WorkerAppConfig {
  return 'OPS_PORT' in config && 'QUEUE_LOCK_DURATION_MS' in config;
}
