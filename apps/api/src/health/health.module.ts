import { Module } from '@nestjs/common';
import { ReadinessService } from '@quayside/platform';
import { HealthController } from './health.controller';

@Module({
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
