import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** One metrics registry per process, available everywhere (processors, adapters, hooks). */
@Module({})
export class MetricsModule {
  static forRoot(app: string): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      providers: [{ provide: MetricsService, useFactory: () => new MetricsService(app) }],
      exports: [MetricsService],
    };
  }
}
