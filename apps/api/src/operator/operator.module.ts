import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { SourceHealthMetrics } from './source-health-metrics';
import { SourcesOperatorController } from './sources-operator.controller';

@Module({ controllers: [MetricsController, SourcesOperatorController], providers: [SourceHealthMetrics] })
export class OperatorModule {}
