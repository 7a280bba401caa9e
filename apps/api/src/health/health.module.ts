import { Module } from '@nestjs/common';
import { ReadinessModule } from '@quayside/platform';
import { HealthController } from './health.controller';

@Module({
  imports: [ReadinessModule],
  controllers: [HealthController],
})
export class HealthModule {}
