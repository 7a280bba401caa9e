import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { QUEUE } from '@quayside/queues';
import { RuntimeModule } from '@quayside/runtime';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { DeliveryModule } from './delivery/delivery.module';
import { FanOutModule } from './fan-out/fan-out.module';

@Module({})
export class AppModule {
  static forRoot(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forApp({
          app: 'webhook-dispatcher',
          config,
          configClass: WebhookDispatcherConfig,
          consumes: [QUEUE.webhookFanout, QUEUE.webhookDelivery],
          genericPlans: true,
        }),
        FanOutModule,
        DeliveryModule,
      ],
    };
  }
}
