import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { RuntimeModule } from '@quayside/runtime';
import { ConsoleModule } from './console/console.module';
import { WidgetModule } from './widget/widget.module';
import { ApiPlatformModule } from './api-platform.module';
import { ApiConfig } from './config/api.config';
import { ContainersModule } from './containers/containers.module';
import { CustomFieldsModule } from './custom-fields/custom-fields.module';
import { DcsaFeedModule } from './dcsa-feed/dcsa-feed.module';
import { DcsaPushModule } from './dcsa-push/dcsa-push.module';
import { DocumentsModule } from './documents/documents.module';
import { EmailIntakeModule } from './email-intake/email-intake.module';
import { HealthModule } from './health/health.module';
import { OperatorModule } from './operator/operator.module';
import { MetroAreasModule } from './metro-areas/metro-areas.module';
import { RailTerminalsModule } from './rail-terminals/rail-terminals.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { RoutingModule } from './routing/routing.module';
import { SearchModule } from './search/search.module';
import { SourcesModule } from './sources/sources.module';
import { ShipmentsModule } from './shipments/shipments.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PartiesModule } from './parties/parties.module';
import { TrackingRequestsModule } from './tracking-requests/tracking-requests.module';
import { TransportEventsModule } from './transport-events/transport-events.module';
import { RawEventsModule } from './raw-events/raw-events.module';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // The api consumes no queue; its outbox relay takes accepted requests to the tracker.
        RuntimeModule.forApp({ app: 'api', config, configClass: ApiConfig, consumes: [] }),
        HealthModule,
        OperatorModule,
        TrackingRequestsModule,
        ReferenceDataModule,
        SourcesModule,
        MetroAreasModule,
        RailTerminalsModule,
        SearchModule,
        RoutingModule,
        ShipmentsModule,
        WebhooksModule,
        ContainersModule,
        TransportEventsModule,
        RawEventsModule,
        PartiesModule,
        CustomFieldsModule,
        DcsaFeedModule,
        DcsaPushModule,
        DocumentsModule,
        EmailIntakeModule,
        WidgetModule,
        ConsoleModule,
        ApiPlatformModule.forRoot({
          publicBaseUrl: config.publicBaseUrl,
          authCacheTtlSeconds: config.AUTH_CACHE_TTL_SECONDS,
          rateLimit: {
            windowMs: config.RATE_LIMIT_WINDOW_MS,
            limits: config.rateLimits,
            failMode: config.RATE_LIMIT_FAIL_MODE,
            apiProcesses: config.RATE_LIMIT_API_PROCESSES,
            maxPending: config.RATE_LIMIT_MAX_PENDING,
            redisTimeoutMs: config.RATE_LIMIT_REDIS_TIMEOUT_MS,
          },
        }),
      ],
    };
  }
}
