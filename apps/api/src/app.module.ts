import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DataAccessModule } from '@quayside/data-access';
import { createLoggerModule, MetricsModule, RedisModule } from '@quayside/platform';
import { QueuesModule } from '@quayside/queues';
import { ConsoleModule } from './console/console.module';
import { WidgetModule } from './widget/widget.module';
import { ApiPlatformModule } from './api-platform.module';
import { ApiConfig } from './config/api.config';
import { ContainersModule } from './containers/containers.module';
import { CustomFieldsModule } from './custom-fields/custom-fields.module';
import { DcsaFeedModule } from './dcsa-feed/dcsa-feed.module';
import { HealthModule } from './health/health.module';
import { OperatorModule } from './operator/operator.module';
import { MetroAreasModule } from './metro-areas/metro-areas.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { RoutingModule } from './routing/routing.module';
import { SearchModule } from './search/search.module';
import { ShipmentsModule } from './shipments/shipments.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PartiesModule } from './parties/parties.module';
import { TrackingRequestsModule } from './tracking-requests/tracking-requests.module';
import { TransportEventsModule } from './transport-events/transport-events.module';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      // Global so every feature module can inject the validated ApiConfig.
      global: true,
      imports: [
        createLoggerModule('api', config.LOG_LEVEL, config.LOG_FORMAT, config.LOG_FILE),
        MetricsModule.forRoot('api'),
        DataAccessModule.forRoot({ databaseUrl: config.DATABASE_URL }),
        RedisModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
        // The api consumes no queue; it runs an outbox relay so accepted requests reach the tracker.
        QueuesModule.forRoot({
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          consumes: [],
          relay: { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS, redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS, maxPublishes: config.OUTBOX_MAX_PUBLISHES },
        }),
        HealthModule,
        OperatorModule,
        TrackingRequestsModule,
        ReferenceDataModule,
        MetroAreasModule,
        SearchModule,
        RoutingModule,
        ShipmentsModule,
        WebhooksModule,
        ContainersModule,
        TransportEventsModule,
        PartiesModule,
        CustomFieldsModule,
        DcsaFeedModule,
        WidgetModule,
        ConsoleModule,
        ApiPlatformModule.forRoot({
          publicBaseUrl: config.publicBaseUrl,
          rateLimit: {
            windowMs: config.RATE_LIMIT_WINDOW_MS,
            limits: config.rateLimits,
            failMode: config.RATE_LIMIT_FAIL_MODE,
            redisTimeoutMs: config.RATE_LIMIT_REDIS_TIMEOUT_MS,
          },
        }),
      ],
      providers: [{ provide: ApiConfig, useValue: config }],
      exports: [ApiConfig],
    };
  }
}
