import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { adapterRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';
import { TrackingAdapters } from './tracking-adapters';

/**
 * The validated configuration and the carrier, terminal and rail adapters, for every job
 * family of the worker. Tests may pass their own adapters.
 */
@Module({})
export class AdaptersModule {
  static forRoot(config: TrackerWorkerConfig, adapters?: TrackingAdapters): DynamicModule {
    return {
      module: AdaptersModule,
      global: true,
      providers: [
        { provide: TrackerWorkerConfig, useValue: config },
        { provide: TrackingAdapters, useFactory: () => adapters ?? new ConfigTrackingAdapters(adapterRegistryConfig(config)) },
      ],
      exports: [TrackerWorkerConfig, TrackingAdapters],
    };
  }
}
