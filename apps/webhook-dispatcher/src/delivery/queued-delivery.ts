import type { Logger } from '@nestjs/common';
import type {
  DeliveryConsequence,
  DeliveryJobTarget,
  NotificationToDeliver,
  RecordedConsequence,
  WebhookEntity,
} from '@quayside/data-access';
import { nextRetry, signWebhook } from '@quayside/webhooks';
import type { DeliveryResult, WebhookDeliveryClient } from '@quayside/webhooks';
import type { DeliveryBatch } from './delivery-batch';
import type { DeliveryRecorder, RecordWaiter } from './delivery-recorder';
import type { LaneTask } from './endpoint-lanes';

/** What every delivery of a dispatcher shares: built once by DeliveryService. */
export interface DeliveryRules {
  client: WebhookDeliveryClient;
  recorder: DeliveryRecorder;
  logger: Logger;
  delivery: DeliveryJobTarget;
  retryScale: number;
  deactivateAfterHours: number;
  endpointBusyDelayMs: number;
}

/** Which consequence the recorder was handed, to tell the batch the outcome once it is written. */
type Stage = { kind: 'attempted'; result: DeliveryResult } | { kind: 'postponed' };

/**
 * One delivery job of a batch to post, from its read to its record: the lane's task (post, or postpone
 * when its endpoint is busy) and the recorder's waiter, in one object. Thousands go through a
 * dispatcher a second; a promise with closures for each step of each one was a good part of
 * what it allocated per delivery, and of the collector's work.
 */
export class QueuedDelivery implements LaneTask, RecordWaiter {
  private stage: Stage | null = null;

  constructor(
    private readonly rules: DeliveryRules,
    private readonly batch: DeliveryBatch,
    private readonly index: number,
    private readonly outboxId: string | undefined,
    private readonly notification: NotificationToDeliver,
    private readonly webhook: WebhookEntity,
    /** The stored document's text, posted as it is: retries post the same bytes. */
    private readonly body: string,
  ) {}

  /** Signs and posts, then hands the answer to the recorder without waiting for it: the lane's slot goes to the next delivery. */
  async post(): Promise<void> {
    const { notification, webhook, body } = this;
    let result: DeliveryResult;
    try {
      result = await this.rules.client.post({
        url: webhook.url,
        body,
        signatureHeaders: signWebhook({ secret: webhook.secret, id: notification.id, timestamp: Math.floor(Date.now() / 1000), body }),
        customHeaders: webhook.headers,
      });
    } catch (error) {
      this.batch.fail(error);
      return;
    }
    this.stage = { kind: 'attempted', result };
    this.rules.recorder.record({ kind: 'attempted', attempt: this.attempt(result) }, this);
  }

  /** The endpoint is at its cap: the job ends and comes again later (not before `delayMs`, when given), durably. */
  busy(delayMs?: number): void {
    this.stage = { kind: 'postponed' };
    const delay = Math.max(delayMs ?? 0, this.rules.endpointBusyDelayMs * (0.5 + Math.random()));
    this.rules.recorder.record(
      {
        kind: 'postponed',
        notificationId: this.notification.id,
        accountId: this.notification.account_id,
        outboxId: this.outboxId,
        availableAt: new Date(Date.now() + delay),
        delivery: this.rules.delivery,
      },
      this,
    );
  }

  recorded(recorded: RecordedConsequence): void {
    const stage = this.stage!;
    switch (stage.kind) {
      case 'postponed':
        this.batch.settle(this.index, recorded.outcome === 'postponed' ? 'endpoint-busy' : 'skipped');
        return;
      case 'attempted':
        this.logAttempt(recorded, stage.result);
        this.batch.settle(this.index, recorded.outcome === 'postponed' ? 'skipped' : recorded.outcome);
        return;
    }
  }

  notRecorded(error: unknown): void {
    this.batch.fail(error);
  }

  private attempt(result: DeliveryResult): Extract<DeliveryConsequence, { kind: 'attempted' }>['attempt'] {
    const at = new Date();
    const answer = { last_response_status: result.status, last_response_body: result.responseBody, last_error: result.error };
    const { notification, webhook, outboxId, rules } = this;
    // A success needs no retry or deactivation rule: only failures are given one.
    if (result.succeeded)
      return { notificationId: notification.id, webhookId: webhook.id, outboxId, at, answer, delivery: rules.delivery, succeeded: true };
    const { retryScale, deactivateAfterHours } = rules;
    return {
      notificationId: notification.id,
      webhookId: webhook.id,
      outboxId,
      at,
      answer,
      delivery: rules.delivery,
      succeeded: false,
      retryAt: (attemptsMade) => {
        const decision = nextRetry({
          attemptsMade,
          failure: result.failure ?? 'other',
          retryAfterMs: result.retryAfterMs,
          scale: retryScale,
        });
        return decision.retry ? new Date(at.getTime() + decision.delayMs) : null;
      },
      deactivation: { afterMs: deactivateAfterHours * 3600 * 1000, reason: deactivationReason(deactivateAfterHours, result) },
    };
  }

  private logAttempt(recorded: RecordedConsequence, result: DeliveryResult): void {
    const { logger } = this.rules;
    if (recorded.webhookDeactivated)
      logger.warn(`webhook ${this.webhook.id} deactivated: ${deactivationReason(this.rules.deactivateAfterHours, result)}`);
    // Given up: the receiver will not get it unless someone redelivers it (a line under npm start).
    if (recorded.outcome === 'failed')
      logger.warn(
        `notification ${this.notification.id} to webhook ${this.webhook.id} failed after its last attempt: ${result.error ?? `HTTP ${result.status ?? '?'}`}`,
      );
  }
}

function deactivationReason(hours: number, result: DeliveryResult): string {
  return `deactivated after ${hours} hours of failed deliveries without a success; last error: ${result.error ?? 'unknown'}`;
}
