import { Module } from '@nestjs/common';
import { AccountRepository } from '@quayside/data-access';
import { systemResolver } from '@quayside/webhooks';
import { DeliveryProcessor } from './delivery.processor';
import { DeliveryService } from './delivery.service';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';
import { WEBHOOK_HOST_RESOLVER } from './host-resolver.token';

/** Queue `webhook-delivery`: one signed POST per job, retries as outbox rows. */
@Module({
  providers: [
    AccountRepository,
    DeliveryProcessor,
    DeliveryService,
    EndpointSemaphoreService,
    { provide: WEBHOOK_HOST_RESOLVER, useValue: systemResolver },
  ],
  exports: [DeliveryService],
})
export class DeliveryModule {}
