import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { WebhookRegistrationRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { systemResolver } from '@quayside/webhooks';
import { ApiConfig } from '../config/api.config';
import type { AccountContext } from '../tenancy/account-context';
import { WebhookNotificationsModule } from '../webhook-notifications/webhook-notifications.module';
import { CreateWebhookUseCase } from './create-webhook.use-case';
import { TriggerWebhookUseCase } from './trigger-webhook.use-case';
import { UpdateWebhookUseCase } from './update-webhook.use-case';
import { WebhookToolsController } from './webhook-tools.controller';
import { webhookEventCategoryResource } from './webhook-event-category.resource';
import { WebhookUrlChecker } from './webhook-url-checker.service';
import { webhookResource } from './webhook.resource';
import { WebhooksController } from './webhooks.controller';
import { WEBHOOKS_OPTIONS, WEBHOOK_HOST_RESOLVER } from './webhooks.options';
import type { WebhooksOptions } from './webhooks.options';

/**
 * Self-service webhooks (issue 6): registration, the event catalog, egress addresses, test
 * deliveries, and (through `WebhookNotificationsModule`) notifications and redelivery.
 */
@Module({
  imports: [WebhookNotificationsModule],
  controllers: [WebhookToolsController, WebhooksController],
  providers: [
    {
      provide: WEBHOOKS_OPTIONS,
      // ApiConfig comes from the (global) AppModule, validated at boot.
      useFactory: (config: ApiConfig): WebhooksOptions => ({
        urlPolicy: config.webhookUrlPolicy,
        egressIps: config.webhookEgressIps,
        egressIpsLoadedAt: new Date(),
        triggerTimeoutMs: config.WEBHOOK_TRIGGER_TIMEOUT_MS,
      }),
      inject: [ApiConfig],
    },
    { provide: WEBHOOK_HOST_RESOLVER, useValue: systemResolver },
    WebhookRegistrationRepository,
    WebhookUrlChecker,
    CreateWebhookUseCase,
    UpdateWebhookUseCase,
    TriggerWebhookUseCase,
  ],
})
export class WebhooksModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(webhookResource).register(webhookEventCategoryResource);
  }
}
