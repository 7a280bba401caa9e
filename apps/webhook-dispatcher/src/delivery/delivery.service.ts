import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeliveryOutcomeRepository } from '@quayside/data-access';
import type { AttemptContext, DeliveryConsequence, DeliveryJobRef } from '@quayside/data-access';
import { webhookWithheldReason } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { WebhookDeliveryClient, parseAllowList } from '@quayside/webhooks';
import type { HostResolver } from '@quayside/webhooks';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { BatchGate } from './batch-gate';
import { DeliveryBatch } from './delivery-batch';
import type { DeliveryOutcome } from './delivery-batch';
import { DeliveryRecorder } from './delivery-recorder';
import { EndpointLanes } from './endpoint-lanes';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';
import { WEBHOOK_HOST_RESOLVER } from './host-resolver.token';
import { QueuedDelivery } from './queued-delivery';
import type { DeliveryRules } from './queued-delivery';

export type { DeliveryOutcome } from './delivery-batch';

const DELIVERY = { queue: QUEUE.webhookDelivery, jobName: JOB.deliver };
/** An endpoint answering this slowly is not waited on beyond MAX_SLOT_WAIT_MS: its deliveries are postponed. */
const SLOW_ENDPOINT_MS = 500;
/**
 * A batch whose deliveries left all go to endpoints answering this slowly (or with a post in
 * flight this long) stops counting towards BATCHES_IN_PROGRESS, well before those endpoints
 * count as slow (SLOW_ENDPOINT_MS): leaving the gate postpones nothing, it only lets the next
 * batch be read. At half a second, the batches in progress when a receiver started hanging all
 * waited on it for half a second or more (in the bench's fairness row the fast endpoints ran at
 * about 60 % of their rate without it).
 */
const HELD_BY_SLOW_MS = 100;
/** A delivery expected to wait longer than this for a slot of a slow endpoint is postponed instead. */
const MAX_SLOT_WAIT_MS = 1_000;
/** Leases last the attempt timeout plus 15 s: a worker holding one this long takes a fresh one. */
const LEASE_HOLD_MS = 5_000;
/** A slow endpoint's backlog comes back at least this often, so one that recovers is not left waiting longer. */
const MAX_POSTPONE_MS = 300_000;
/**
 * Batches read and posting at once, not counting those held only by slow endpoints. 800
 * deliveries keep the 16 slots of four fast endpoints busy for a quarter of a second; more
 * only read documents ahead, at the cost of the posts in progress (the bench's dispatcher
 * row ran about a tenth faster at 8 than at 12).
 */
export const BATCHES_IN_PROGRESS = 8;

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
export class DeliveryService implements OnModuleInit, OnApplicationShutdown {
  private readonly client: WebhookDeliveryClient;
  private readonly recorder: DeliveryRecorder;
  private readonly lanes: EndpointLanes;
  private readonly rules: DeliveryRules;
  private readonly gate = new BatchGate(BATCHES_IN_PROGRESS);
  /** The batches counted by the gate, looked at twice per HELD_BY_SLOW_MS: one whose posts all hang settles nothing that would. */
  private readonly inGate = new Set<DeliveryBatch>();
  private readonly holdCheck: NodeJS.Timeout;

  constructor(
    private readonly outcomes: DeliveryOutcomeRepository,
    semaphore: EndpointSemaphoreService,
    config: WebhookDispatcherConfig,
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
      maxPostponeMs: MAX_POSTPONE_MS,
    });
    this.holdCheck = setInterval(() => {
      for (const batch of this.inGate) batch.tellIfHeldOnlyBySlow();
    }, HELD_BY_SLOW_MS / 2);
    this.holdCheck.unref();
    this.rules = {
      client: this.client,
      recorder: this.recorder,
      logger: new Logger('WebhookDelivery'),
      delivery: DELIVERY,
      retryScale: config.WEBHOOK_RETRY_SCALE,
      deactivateAfterHours: config.WEBHOOK_DEACTIVATE_AFTER_HOURS,
      endpointBusyDelayMs: config.WEBHOOK_ENDPOINT_BUSY_DELAY_MS,
    };
  }

  /**
   * Every dispatcher posts: undici is loaded while the app initializes (before the relay, the
   * queues and the health server start), not by its first delivery.
   */
  async onModuleInit(): Promise<void> {
    await this.client.open();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.holdCheck);
    this.lanes.close();
    await this.client.close();
  }

  /**
   * Runs a batch of delivery jobs; resolves, in the order of `jobs`, once each one's consequence
   * is recorded. The batch counts against BATCHES_IN_PROGRESS until only slow endpoints'
   * deliveries are left in it: from then on it waits for them without keeping another batch out.
   */
  async deliverBatch(jobs: readonly DeliveryJobRef[]): Promise<DeliveryOutcome[]> {
    await this.gate.enter();
    let batch: DeliveryBatch | null = null;
    let inGate = true;
    const leave = (): void => {
      if (!inGate) return;
      inGate = false;
      if (batch) this.inGate.delete(batch);
      this.gate.leave();
    };
    try {
      const contexts = await this.outcomes.loadAttempts(jobs);
      const now = new Date();
      batch = new DeliveryBatch(jobs.length, {
        isSlow: (webhookId) => this.lanes.isSlow(webhookId, HELD_BY_SLOW_MS),
        heldOnlyBySlow: leave,
      });
      this.inGate.add(batch);
      const byWebhook = new Map<string, QueuedDelivery[]>();
      for (let index = 0; index < jobs.length; index++) {
        const job = jobs[index]!;
        const context = contexts[index]!;
        if (this.settledWithoutPost(batch, index, job, context, now)) continue;
        const webhook = context.webhook!;
        batch.postsTo(index, webhook.id);
        const delivery = new QueuedDelivery(this.rules, batch, index, job.outboxId, context.notification!, webhook, context.body!);
        const tasks = byWebhook.get(webhook.id);
        if (tasks) tasks.push(delivery);
        else byWebhook.set(webhook.id, [delivery]);
      }
      for (const [webhookId, tasks] of byWebhook) this.lanes.submit(webhookId, tasks);
      return await batch.done;
    } finally {
      leave();
    }
  }

  /** Settles, through the recorder, a job that ends without a post; false for one to post. */
  private settledWithoutPost(batch: DeliveryBatch, index: number, job: DeliveryJobRef, context: AttemptContext, now: Date): boolean {
    const { jobOpen, notification, webhook, account } = context;
    if (!jobOpen) {
      batch.settle(index, 'skipped');
      return true;
    }
    // Rare (replays, webhooks turned off, plans): a waiter of its own for each is fine here.
    const finish = (item: DeliveryConsequence, outcome: DeliveryOutcome): true => {
      this.recorder.record(item, {
        recorded: (recorded) => batch.settle(index, recorded.outcome === 'skipped' ? 'skipped' : outcome),
        notRecorded: (error) => batch.fail(error),
      });
      return true;
    };
    const outboxId = job.outboxId;
    if (!notification || !webhook || notification.delivery_status !== 'pending')
      return finish({ kind: 'not-attempted', outboxId }, 'skipped');
    if (!webhook.active) {
      const reason = `the webhook is not active${webhook.deactivated_reason ? `: ${webhook.deactivated_reason}` : ''}`;
      return finish({ kind: 'not-attempted', outboxId, failure: { notificationId: notification.id, reason, at: now } }, 'failed');
    }
    // The plan when the attempt is made, not when the event was raised: a trial that ends
    // between two retries stops them (docs/plans.md "Webhooks and the plan").
    const withheld = account ? webhookWithheldReason(account, now) : 'not delivered: the account no longer exists';
    if (withheld !== null)
      return finish({ kind: 'not-attempted', outboxId, failure: { notificationId: notification.id, reason: withheld, at: now } }, 'failed');
    return false;
  }
}
