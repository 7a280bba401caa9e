import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OutboxRepository, WebhookNotificationRepository, WebhookRepository } from '@quayside/data-access';
import type { WebhookEntity, WebhookNotificationEntity } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { WebhookDeliveryClient, nextRetry, parseAllowList, signWebhook } from '@quayside/webhooks';
import type { DeliveryResult, HostResolver } from '@quayside/webhooks';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';
import { WEBHOOK_HOST_RESOLVER } from './host-resolver.token';

export type DeliveryOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'endpoint-busy' | 'skipped';

/**
 * One `deliver` job: sign and post the notification, then record the attempt and its
 * consequence (success, next retry as a new outbox row, or `failed`) in the transaction that
 * completes the job's outbox row. No transaction is held while the receiver is called.
 */
@Injectable()
export class DeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly client: WebhookDeliveryClient;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly notifications: WebhookNotificationRepository,
    private readonly webhooks: WebhookRepository,
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
    if (outboxId) {
      const row = await this.outbox.findById(outboxId);
      if (!row || row.completed_at) return 'skipped';
    }
    const notification = await this.notifications.findById(notificationId);
    const webhook = notification ? await this.webhooks.findById(notification.webhook_id) : null;
    if (!notification || !webhook || notification.delivery_status !== 'pending') {
      await this.finishWithout(outboxId);
      return 'skipped';
    }
    if (!webhook.active) {
      await this.finishWithout(outboxId, (manager) =>
        this.notifications.markFailed(manager, notification.id, `the webhook is not active${webhook.deactivated_reason ? `: ${webhook.deactivated_reason}` : ''}`, new Date()),
      );
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
    return this.dataSource.transaction(async (manager) => {
      // The notification row is locked before the outbox row, in every writer (redelivery
      // too), so an attempt and a redelivery serialize instead of both leaving a series open.
      const current = await this.notifications.lock(manager, notification.id);
      // Completed meanwhile (a redelivery restarted the series, or a twin job finished): the
      // attempt happened, but this job's consequences must not be applied twice.
      if (outboxId && !(await this.outbox.complete(manager, outboxId))) return 'skipped';
      if (!current || current.delivery_status !== 'pending') return 'skipped';
      const attemptsMade = current.attempts + 1;
      const answer = { last_response_status: result.status, last_response_body: result.responseBody, last_error: result.error };
      if (result.succeeded) {
        await this.notifications.recordAttempt(manager, current.id, { at, delivery_status: 'succeeded', ...answer, next_attempt_at: null });
        await this.webhooks.recordSuccess(manager, webhook.id, at);
        return 'succeeded';
      }
      const decision = nextRetry({
        attemptsMade,
        failure: result.failure ?? 'other',
        retryAfterMs: result.retryAfterMs,
        scale: this.config.WEBHOOK_RETRY_SCALE,
      });
      const nextAt = decision.retry ? new Date(at.getTime() + decision.delayMs) : null;
      await this.notifications.recordAttempt(manager, current.id, { at, delivery_status: nextAt ? 'pending' : 'failed', ...answer, next_attempt_at: nextAt });
      if (nextAt) await this.enqueueDelivery(manager, current, nextAt);
      await this.recordWebhookFailure(manager, webhook, at, result);
      return nextAt ? 'retry-scheduled' : 'failed';
    });
  }

  private async recordWebhookFailure(manager: EntityManager, webhook: WebhookEntity, at: Date, result: DeliveryResult): Promise<void> {
    const hours = this.config.WEBHOOK_DEACTIVATE_AFTER_HOURS;
    const reason = `deactivated after ${hours} hours of failed deliveries without a success; last error: ${result.error ?? 'unknown'}`;
    if (await this.webhooks.recordFailure(manager, webhook.id, at, hours * 3600 * 1000, reason)) {
      this.logger.warn(`webhook ${webhook.id} deactivated: ${reason}`);
    }
  }

  /** The endpoint is at its cap: hand the slot back and come again shortly, durably. */
  private async postpone(notification: WebhookNotificationEntity, outboxId?: string): Promise<void> {
    const delay = this.config.WEBHOOK_ENDPOINT_BUSY_DELAY_MS * (0.5 + Math.random());
    await this.dataSource.transaction(async (manager) => {
      await this.notifications.lock(manager, notification.id);
      if (outboxId && !(await this.outbox.complete(manager, outboxId))) return;
      await this.enqueueDelivery(manager, notification, new Date(Date.now() + delay));
    });
  }

  private async enqueueDelivery(manager: EntityManager, notification: WebhookNotificationEntity, availableAt: Date): Promise<void> {
    await this.outbox.enqueue(manager, {
      queue: QUEUE.webhookDelivery,
      jobName: JOB.deliver,
      payload: { notificationId: notification.id },
      accountId: notification.account_id,
      availableAt,
    });
  }

  private async finishWithout(outboxId: string | undefined, effect?: (manager: EntityManager) => Promise<void>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (outboxId && !(await this.outbox.complete(manager, outboxId))) return;
      if (effect) await effect(manager);
    });
  }
}
