import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ReadinessService } from './readiness.service';

/** Readiness of a process (Postgres and Redis answer), for the api's /health and the workers' ops port. */
@Module({
  // The answer carries each failure; Terminus need not log it too.
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [ReadinessService],
  exports: [ReadinessService],
})
export class ReadinessModule {}
