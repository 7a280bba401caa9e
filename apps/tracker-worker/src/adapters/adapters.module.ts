import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { RedisSourceQuota } from '@quayside/carriers';
import type { SourceQuotaRedis } from '@quayside/carriers';
import { DcsaPolledAnswerRepository, DcsaPushedEventRepository, ReferenceDataRepository } from '@quayside/data-access';
import { MetricsService, REDIS, REDIS_PREFIX } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { SourceHealthRecorder } from '../source-health/source-health-recorder';
import { SourceQuotaReader } from '../source-health/source-quota-reader';
import { AdapterQuotaReader } from './adapter-quota-reader';
import { adapterRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';
import { InstrumentedTrackingAdapters } from './instrumented-tracking-adapters';
import { PortTimeZones } from './port-time-zones';
import { SourceQuotaMetrics } from './source-quota-metrics';
import { SourceRegistrar } from './source-registrar';
import { TrackingAdapters } from './tracking-adapters';

/**
 * The carrier, terminal and rail adapters, for every job family of the worker (the validated
 * configuration comes from the runtime). A bad adapter configuration stops start-up. Tests may pass their own adapters.
 */
@Module({})
export class AdaptersModule {
  static forRoot(config: TrackerWorkerConfig, adapters?: TrackingAdapters): DynamicModule {
    return {
      module: AdaptersModule,
      global: true,
      providers: [
        {
          provide: TrackingAdapters,
          inject: [
            ReferenceDataRepository,
            DcsaPushedEventRepository,
            DcsaPolledAnswerRepository,
            { token: MetricsService, optional: true },
            // Absent only in tests that build the module without Redis (and configure no requestsPerMinute).
            { token: REDIS, optional: true },
            { token: REDIS_PREFIX, optional: true },
            { token: SourceHealthRecorder, optional: true },
          ],
          useFactory: (
            referenceData: ReferenceDataRepository,
            pushed: DcsaPushedEventRepository,
            polled: DcsaPolledAnswerRepository,
            metrics?: MetricsService,
            redis?: SourceQuotaRedis,
            prefix?: string,
            health?: SourceHealthRecorder,
          ): TrackingAdapters => {
            const timeZones = new PortTimeZones(referenceData);
            const chosen =
              adapters ??
              // DCSA events carry UTC offsets only; the ports table names the IANA zone of each place.
              new ConfigTrackingAdapters(
                adapterRegistryConfig(config),
                async (locode) => timeZones.of(locode),
                // Carriers that push DCSA 3.0 events (docs/dcsa.md): their adapter reads them beside its polls.
                (scac, number) => pushed.eventsNaming(scac, number),
                // Each carrier's limits hold for every worker together (docs/carriers.md, "Limits").
                redis && prefix !== undefined ? new RedisSourceQuota(redis, prefix) : undefined,
                // Their last answers, so a push is applied without asking again (docs/dcsa.md, "Carriers that push").
                polled,
              );
            return metrics || health ? new InstrumentedTrackingAdapters(chosen, { metrics, health }) : chosen;
          },
        },
        SourceRegistrar,
        SourceQuotaMetrics,
        {
          provide: SourceQuotaReader,
          inject: [TrackingAdapters],
          useFactory: (adapters: TrackingAdapters) => new AdapterQuotaReader(adapters),
        },
      ],
      exports: [TrackingAdapters, SourceQuotaReader],
    };
  }
}
