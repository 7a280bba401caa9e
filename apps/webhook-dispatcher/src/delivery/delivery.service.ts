import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeliveryOutcomeRepository } from '@quayside/data-access';
import type { AttemptContext, DeliveryConsequence, DeliveryJobRef, RecordedConsequence, WebhookEntity, WebhookNotificationEntity } from '@quayside/data-access';
import { webhookWithheldReason } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { WebhookDeliveryClient, nextRetry, parseAllowList, signWebhook } from '@quayside/webhooks';
import type { DeliveryResult, HostResolver } from '@quayside/webhooks';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { DeliveryRecorder } from './delivery-recorder';
import { EndpointLanes } from './endpoint-lanes';
import type { LaneTask } from './endpoint-lanes';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';
import { WEBHOOK_HOST_RESOLVER } from './host-resolver.token';

export type DeliveryOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'endpoint-busy' | 'skipped';

const DELIVERY = { queue: QUEUE.webhookDelivery, jobName: JOB.deliver };
/** An endpoint answering this slowly is not waited on beyond MAX_SLOT_WAIT_MS: its deliveries are postponed. */
const SLOW_ENDPOINT_MS = 500;
/** A delivery expected to wait longer than this for a slot of a slow endpoint is postponed instead. */
const MAX_SLOT_WAIT_MS = 1_000;
/** Leases last the attempt timeout plus 15 s: a worker holding one this long takes a fresh one. */
const LEASE_HOLD_MS = 5_000;

/**
 * Delivery jobs, a batch at a time: everything the batch needs is read in one round trip; jobs
 * with nothing to post (a replay, a webhook turned off, an account whose plan does not include
 * webhooks at the time of the attempt) are settled without a post; the others are signed and
 * posted through their endpoint's lane (EndpointLanes: per-endpoint cap across processes,
 * connections kept alive per origin by the client), and each answer goes to the recorder, which
 * writes the attempt and its consequence (success, next retry as a new outbox row, or `failed`)
 * with the completion of the job's outbox row, many jobs per transaction. No transaction is held
 * while a receiver is called.
 */
@Injectable()
export class DeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly client: WebhookDeliveryClient;
  private readonly recorder: DeliveryRecorder;
  private readonly lanes: EndpointLanes;

  constructor(
    private readonly outcomes: DeliveryOutcomeRepository,
    semaphore: EndpointSemaphoreService,
    private readonly config: WebhookDispatcherConfig,
    @Inject(WEBHOOK_HOST_RESOLVER) resolve: HostResolver,
  ) {
    this.client = new WebhookDeliveryClient({
      policy: { allowHttp: config.WEBHOOK_ALLOW_HTTP === 'true', allow: parseAllowList(config.WEBHOOK_ALLOWED_HOSTS) },
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      resolve,
    });
    this.recorder = new DeliveryRecorder(outcomes);
    this.lanes = new EndpointLanes(semaphore, {
      cap: config.WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT,
      slowMs: SLOW_ENDPOINT_MS,
      maxWaitMs: MAX_SLOT_WAIT_MS,
      leaseHoldMs: LEASE_HOLD_MS,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.lanes.close();
    await this.client.close();
  }

  /** Runs a batch of delivery jobs; resolves, in the order of `jobs`, once each one's consequence is recorded. */
  async deliverBatch(jobs: readonly DeliveryJobRef[]): Promise<DeliveryOutcome[]> {
    const contexts = await this.outcomes.loadAttempts(jobs);
    const now = new Date();
    const outcomes: Array<Promise<DeliveryOutcome>> = [];
    const byWebhook = new Map<string, LaneTask[]>();
    contexts.forEach((context, index) => {
      const job = jobs[index]!;
      const settled = this.settleWithoutPost(job, context, now);
      if (settled) {
        outcomes.push(settled);
        return;
      }
      const webhook = context.webhook!;
      const notification = context.notification!;
      const body = context.body!;
      outcomes.push(
        new Promise<DeliveryOutcome>((resolve, reject) => {
          const tasks = byWebhook.get(webhook.id) ?? [];
          tasks.push({
            // The slot goes to the next delivery as soon as the answer is in; recording is not awaited.
            post: () =>
              this.attempt(notification, body, webhook).then(
                (result) => {
                  this.record(notification, webhook, result, job.outboxId).then(resolve, reject);
                },
                (error: unknown) => {
                  reject(error instanceof Error ? error : new Error(String(error)));
                },
              ),
            busy: () => {
              this.postpone(notification, job.outboxId).then(resolve, reject);
            },
          });
          byWebhook.set(webhook.id, tasks);
        }),
      );
    });
    for (const [webhookId, tasks] of byWebhook) this.lanes.submit(webhookId, tasks);
    return Promise.all(outcomes);
  }

  /** The jobs that end without a post, settled through the recorder; null for one to post. */
  private settleWithoutPost(job: DeliveryJobRef, context: AttemptContext, now: Date): Promise<DeliveryOutcome> | null {
    const { jobOpen, notification, webhook, account } = context;
    if (!jobOpen) return Promise.resolve('skipped');
    const finish = (item: DeliveryConsequence, outcome: DeliveryOutcome): Promise<DeliveryOutcome> => this.recorder.record(item).then((recorded) => (recorded.outcome === 'skipped' ? 'skipped' : outcome));
    const outboxId = job.outboxId ? { outboxId: job.outboxId } : {};
    if (!notification || !webhook || notification.delivery_status !== 'pending') return finish({ kind: 'not-attempted', ...outboxId }, 'skipped');
    if (!webhook.active) {
      const reason = `the webhook is not active${webhook.deactivated_reason ? `: ${webhook.deactivated_reason}` : ''}`;
      return finish({ kind: 'not-attempted', ...outboxId, failure: { notificationId: notification.id, reason, at: now } }, 'failed');
    }
    // The plan when the attempt is made, not when the event was raised: a trial that ends
    // between two retries stops them (docs/plans.md "Webhooks and the plan").
    const withheld = account ? webhookWithheldReason(account, now) : 'not delivered: the account no longer exists';
    if (withheld !== null) return finish({ kind: 'not-attempted', ...outboxId, failure: { notificationId: notification.id, reason: withheld, at: now } }, 'failed');
    return null;
  }

  /** Posts the stored document's text (AttemptContext.body): retries post the same bytes. */
  private async attempt(notification: WebhookNotificationEntity, body: string, webhook: WebhookEntity): Promise<DeliveryResult> {
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
    const recorded: RecordedConsequence = await this.recorder.record({
      kind: 'attempted',
      attempt: {
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
      },
    });
    if (recorded.webhookDeactivated) this.logger.warn(`webhook ${webhook.id} deactivated: ${reason}`);
    // Given up: the receiver will not get it unless someone redelivers it (a line under npm start).
    if (recorded.outcome === 'failed') this.logger.warn(`notification ${notification.id} to webhook ${webhook.id} failed after its last attempt: ${result.error ?? `HTTP ${result.status ?? '?'}`}`);
    return recorded.outcome === 'postponed' ? 'skipped' : recorded.outcome;
  }

  /** The endpoint is at its cap: the job ends and comes again shortly, durably. */
  private async postpone(notification: WebhookNotificationEntity, outboxId?: string): Promise<DeliveryOutcome> {
    const delay = this.config.WEBHOOK_ENDPOINT_BUSY_DELAY_MS * (0.5 + Math.random());
    const recorded = await this.recorder.record({
      kind: 'postponed',
      notificationId: notification.id,
      accountId: notification.account_id,
      ...(outboxId ? { outboxId } : {}),
      availableAt: new Date(Date.now() + delay),
      delivery: DELIVERY,
    });
    return recorded.outcome === 'postponed' ? 'endpoint-busy' : 'skipped';
  }
}
