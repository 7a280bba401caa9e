import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ReferenceDataRepository } from '@quayside/data-access';
import { MetricsService } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { adapterRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';
import { InstrumentedTrackingAdapters } from './instrumented-tracking-adapters';
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
          inject: [ReferenceDataRepository, { token: MetricsService, optional: true }],
          useFactory: (referenceData: ReferenceDataRepository, metrics?: MetricsService): TrackingAdapters => {
            const chosen =
              adapters ??
              // DCSA events carry UTC offsets only; the ports table names the IANA zone of each place.
              new ConfigTrackingAdapters(adapterRegistryConfig(config), async (locode) => (await referenceData.findPortByCode(locode))?.time_zone ?? null);
            return metrics ? new InstrumentedTrackingAdapters(chosen, metrics) : chosen;
          },
        },
      ],
      exports: [TrackingAdapters],
    };
  }
}
