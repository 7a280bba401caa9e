import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { WebhookNotificationQueryRepository, WebhookRegistrationRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { WebhookRedeliveryService } from '@quayside/webhooks';
import type { AccountContext } from '../tenancy/account-context';
import { RedeliverFailedNotificationsUseCase } from './redeliver-failed-notifications.use-case';
import { webhookNotificationResource } from './webhook-notification.resource';
import { WebhookNotificationsController } from './webhook-notifications.controller';

/** Reading notifications and their delivery state, payload examples, and redelivery. */
@Module({
  controllers: [WebhookNotificationsController],
  providers: [
    WebhookNotificationQueryRepository,
    WebhookRegistrationRepository,
    WebhookRedeliveryService,
    RedeliverFailedNotificationsUseCase,
  ],
})
export class WebhookNotificationsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly webhooks: WebhookRegistrationRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(webhookNotificationResource(this.webhooks));
  }
}
