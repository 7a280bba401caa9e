import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger, Module, Optional } from '@nestjs/common';
import { ReadinessModule } from '../health/readiness.module';
import { ReadinessService } from '../health/readiness.service';
import { MetricsService } from '../metrics/metrics.service';
import { OpsServer } from './ops-server';

const OPS_OPTIONS = Symbol('OPS_OPTIONS');

@Injectable()
class WorkerOpsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Ops');
  private readonly server: OpsServer;

  constructor(
    @Inject(OPS_OPTIONS) private readonly options: { port: number; host: string },
    readiness: ReadinessService,
    @Optional() metrics?: MetricsService,
  ) {
    this.server = new OpsServer({ ready: () => readiness.check(), ...(metrics ? { metrics: () => metrics.render() } : {}) });
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = await this.server.listen(this.options.port, this.options.host);
    this.logger.log(`health on http://${this.options.host}:${port}/health/ready`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.close();
  }
}

/** Health and Prometheus metrics over HTTP for an app that is otherwise only a queue consumer. */
@Module({})
export class WorkerOpsModule {
  static forRoot(options: { port: number; host: string }): DynamicModule {
    return {
      module: WorkerOpsModule,
      imports: [ReadinessModule],
      providers: [{ provide: OPS_OPTIONS, useValue: options }, WorkerOpsService],
    };
  }
}
