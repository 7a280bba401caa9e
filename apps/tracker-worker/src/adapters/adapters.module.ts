import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DcsaPushedEventRepository, ReferenceDataRepository } from '@quayside/data-access';
import { MetricsService } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { adapterRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';
import { InstrumentedTrackingAdapters } from './instrumented-tracking-adapters';
import { PortTimeZones } from './port-time-zones';
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
          inject: [ReferenceDataRepository, DcsaPushedEventRepository, { token: MetricsService, optional: true }],
          useFactory: (
            referenceData: ReferenceDataRepository,
            pushed: DcsaPushedEventRepository,
            metrics?: MetricsService,
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
              );
            return metrics ? new InstrumentedTrackingAdapters(chosen, metrics) : chosen;
          },
        },
        SourceRegistrar,
      ],
      exports: [TrackingAdapters],
    };
  }
}
