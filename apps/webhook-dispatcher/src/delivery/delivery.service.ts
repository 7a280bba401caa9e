import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeliveryOutcomeRepository } from '@quayside/data-access';
import type { WebhookEntity, WebhookNotificationEntity } from '@quayside/data-access';
import { webhookWithheldReason } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { WebhookDeliveryClient, nextRetry, parseAllowList, signWebhook } from '@quayside/webhooks';
import type { DeliveryResult, HostResolver } from '@quayside/webhooks';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';
import { WEBHOOK_HOST_RESOLVER } from './host-resolver.token';

export type DeliveryOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'endpoint-busy' | 'skipped';

const DELIVERY = { queue: QUEUE.webhookDelivery, jobName: JOB.deliver };

/**
 * One `deliver` job: sign and post the notification, then record the attempt and its
 * consequence (success, next retry as a new outbox row, or `failed`) with the completion of the
 * job's outbox row (`DeliveryOutcomeRepository`, one transaction). No transaction is held while
 * the receiver is called. An account whose plan does not include webhooks at the time of the
 * attempt gets no attempt: the notification fails with the reason.
 */
@Injectable()
export class DeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly client: WebhookDeliveryClient;

  constructor(
    private readonly outcomes: DeliveryOutcomeRepository,
    private readonly semaphore: EndpointSemaphoreService,
    private readonly config: WebhookDispatcherConfig,
    @Inject(WEBHOOK_HOST_RESOLVER) resolve: HostResolver,
  ) {
    this.client = new WebhookDeliveryClient({
      policy: { allowHttp: config.WEBHOOK_ALLOW_HTTP === 'true', allow: parseAllowList(config.WEBHOOK_ALLOWED_HOSTS) },
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      resolve,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  async deliver(notificationId: string, outboxId?: string): Promise<DeliveryOutcome> {
    const { jobOpen, notification, webhook, account } = await this.outcomes.loadAttempt(notificationId, outboxId);
    if (!jobOpen) return 'skipped';
    if (!notification || !webhook || notification.delivery_status !== 'pending') {
      await this.outcomes.finishWithoutAttempt(outboxId);
      return 'skipped';
    }
    if (!webhook.active) {
      const reason = `the webhook is not active${webhook.deactivated_reason ? `: ${webhook.deactivated_reason}` : ''}`;
      await this.outcomes.finishWithoutAttempt(outboxId, { notificationId: notification.id, reason, at: new Date() });
      return 'failed';
    }
    // The plan when the attempt is made, not when the event was raised: a trial that ends
    // between two retries stops them (docs/plans.md "Webhooks and the plan").
    const withheld = account ? webhookWithheldReason(account, new Date()) : 'not delivered: the account no longer exists';
    if (withheld !== null) {
      await this.outcomes.finishWithoutAttempt(outboxId, { notificationId: notification.id, reason: withheld, at: new Date() });
      return 'failed';
    }
    const lease = await this.semaphore.acquire(webhook.id);
    if (!lease) {
      await this.postpone(notification, outboxId);
      return 'endpoint-busy';
    }
    try {
      const result = await this.attempt(notification, webhook);
      return await this.record(notification, webhook, result, outboxId);
    } finally {
      await lease.release();
    }
  }

  private async attempt(notification: WebhookNotificationEntity, webhook: WebhookEntity): Promise<DeliveryResult> {
    // The stored document, serialized the same way on every attempt: retries post the same bytes.
    const body = JSON.stringify(notification.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    return this.client.post({
      url: webhook.url,
      body,
      signatureHeaders: { ...signWebhook({ secret: webhook.secret, id: notification.id, timestamp, body }) },
      customHeaders: webhook.headers,
    });
  }

  private async record(notification: WebhookNotificationEntity, webhook: WebhookEntity, result: DeliveryResult, outboxId?: string): Promise<DeliveryOutcome> {
    const at = new Date();
    const hours = this.config.WEBHOOK_DEACTIVATE_AFTER_HOURS;
    const reason = `deactivated after ${hours} hours of failed deliveries without a success; last error: ${result.error ?? 'unknown'}`;
    const { outcome, webhookDeactivated } = await this.outcomes.record({
      notificationId: notification.id,
      webhookId: webhook.id,
      ...(outboxId ? { outboxId } : {}),
      at,
      succeeded: result.succeeded,
      answer: { last_response_status: result.status, last_response_body: result.responseBody, last_error: result.error },
      retryAt: (attemptsMade) => {
        const decision = nextRetry({ attemptsMade, failure: result.failure ?? 'other', retryAfterMs: result.retryAfterMs, scale: this.config.WEBHOOK_RETRY_SCALE });
        return decision.retry ? new Date(at.getTime() + decision.delayMs) : null;
      },
      deactivation: { afterMs: hours * 3600 * 1000, reason },
      delivery: DELIVERY,
    });
    if (webhookDeactivated) this.logger.warn(`webhook ${webhook.id} deactivated: ${reason}`);
    // Given up: the receiver will not get it unless someone redelivers it (a line under npm start).
    if (outcome === 'failed') this.logger.warn(`notification ${notification.id} to webhook ${webhook.id} failed after its last attempt: ${result.error ?? `HTTP ${result.status ?? '?'}`}`);
    return outcome;
  }

  /** The endpoint is at its cap: hand the slot back and come again shortly, durably. */
  private async postpone(notification: WebhookNotificationEntity, outboxId?: string): Promise<void> {
    const delay = this.config.WEBHOOK_ENDPOINT_BUSY_DELAY_MS * (0.5 + Math.random());
    await this.outcomes.postpone(notification, outboxId, new Date(Date.now() + delay), DELIVERY);
  }
}
