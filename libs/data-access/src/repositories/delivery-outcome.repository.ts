import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { Account } from '@quayside/domain';
import { AccountEntity } from '../entities/account.entity';
import { WebhookEntity } from '../entities/webhook.entity';
import type { WebhookNotificationEntity } from '../entities/webhook-notification.entity';
import { toAccount } from './account.repository';
import { queryRows } from './query-rows';
import { uuidArray } from './uuid-array';
import { OutboxRepository } from './outbox.repository';
import type { OutboxEntry } from './outbox.repository';
import type { DeliveryJobTarget } from './webhook-redelivery.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import type { LockedNotificationRow } from './webhook-notification.repository';
import { WebhookRepository } from './webhook.repository';

/** One attempt to post a notification, as the dispatcher saw it. */
export type DeliveryAttempt = {
  notificationId: string;
  webhookId: string;
  /** The delivery job's outbox row, completed with the outcome (absent for a direct call). */
  outboxId?: string;
  at: Date;
  answer: { last_response_status: number | null; last_response_body: string | null; last_error: string | null };
  delivery: DeliveryJobTarget;
} & (
  | { succeeded: true }
  | {
      succeeded: false;
      /** When to try again after this failed attempt, the `attemptsMade`th; null to give up. */
      retryAt: (attemptsMade: number) => Date | null;
      /** A webhook failing for this long without a success is deactivated, with this reason. */
      deactivation: { afterMs: number; reason: string };
    }
);

export type AttemptOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'skipped';

/** A delivery job: the notification it posts and its outbox row (absent for a direct call). */
export interface DeliveryJobRef {
  notificationId: string;
  outboxId?: string;
}

/** What a delivery reads of its notification. */
export type NotificationToDeliver = Pick<WebhookNotificationEntity, 'id' | 'account_id' | 'webhook_id' | 'delivery_status' | 'attempts'>;

/** What a delivery job needs to know before it posts: whether it is still to run, and whom to. */
export interface AttemptContext {
  /** False when the job's outbox row is gone or already completed (a duplicate delivery of the job). */
  jobOpen: boolean;
  /** The notification's delivery state (not an entity: thousands are read a second); the document comes as `body`. */
  notification: NotificationToDeliver | null;
  /**
   * The stored document's text (`json`, kept as fan-out wrote it), posted as it is: every
   * attempt posts the same bytes, and neither Postgres nor the dispatcher parses and
   * serializes the document again. Null with `notification`.
   */
  body: string | null;
  webhook: WebhookEntity | null;
  account: Account | null;
}

/** How a delivery job ended, to be recorded with the completion of its outbox row. */
export type DeliveryConsequence =
  | { kind: 'attempted'; attempt: DeliveryAttempt }
  /** The endpoint was at its cap: a new job comes at `availableAt`. */
  | { kind: 'postponed'; notificationId: string; accountId: string; outboxId?: string; availableAt: Date; delivery: DeliveryJobTarget }
  /** No attempt (nothing to deliver, or refused before posting: with `failure`, the notification fails for that reason). */
  | { kind: 'not-attempted'; outboxId?: string; failure?: { notificationId: string; reason: string; at: Date } };

export interface RecordedConsequence {
  outcome: AttemptOutcome | 'postponed';
  /** True on the attempt whose failure turned its webhook off. */
  webhookDeactivated: boolean;
}

interface WebhookAttempt {
  index: number;
  at: Date;
  /** Null for a success. */
  deactivation: { afterMs: number; reason: string } | null;
}

// Shared, never changed (a deactivation is a new object): one result object per outcome, not per job.
const SKIPPED: RecordedConsequence = { outcome: 'skipped', webhookDeactivated: false };
const SUCCEEDED: RecordedConsequence = { outcome: 'succeeded', webhookDeactivated: false };
const RETRY_SCHEDULED: RecordedConsequence = { outcome: 'retry-scheduled', webhookDeactivated: false };
const FAILED: RecordedConsequence = { outcome: 'failed', webhookDeactivated: false };
const POSTPONED: RecordedConsequence = { outcome: 'postponed', webhookDeactivated: false };
/** Deadlock or serialization failure: the transaction did nothing and may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

function outboxIdOf(item: DeliveryConsequence): string | undefined {
  return item.kind === 'attempted' ? item.attempt.outboxId : item.outboxId;
}

function notificationIdOf(item: DeliveryConsequence): string | undefined {
  if (item.kind === 'attempted') return item.attempt.notificationId;
  if (item.kind === 'postponed') return item.notificationId;
  return item.failure?.notificationId;
}

/**
 * `SELECT <columns>` of the notifications whose ids the array `param` holds, each looked up by
 * primary key on its own (`OFFSET 0` keeps the lookup a subquery the planner cannot turn into a
 * join): as `id = ANY(ids)` it scanned the whole table while the table held fewer than some tens
 * of thousands of notifications, every batch paying for all the notifications stored.
 */
function notificationsById(columns: string, param: string): string {
  return `SELECT n.* FROM unnest(${param}::uuid[]) AS w(id) CROSS JOIN LATERAL (SELECT ${columns} FROM webhook_notifications WHERE id = w.id OFFSET 0) AS n`;
}

function isRetryable(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  return RETRYABLE_CODES.has(String(code)) || RETRYABLE_CODES.has(String(driverError?.code));
}

/**
 * The consequences of delivery jobs, many in one transaction, each with the completion of its
 * job's outbox row: a job whose row was completed already (a replay, or a series closed by a
 * redelivery) has no effect. Notification rows are locked before outbox rows in every writer
 * (redelivery too), so an attempt and a redelivery serialize instead of both leaving a series
 * open; notifications, then webhooks, are locked in id order, so concurrent batches never deadlock
 * each other (one that meets another writer's lock order is run again).
 */
@Injectable()
export class DeliveryOutcomeRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly notifications: WebhookNotificationRepository,
    private readonly webhooks: WebhookRepository,
  ) {}

  /**
   * Everything a batch of delivery jobs reads before posting, in statements sent together (the
   * jobs' open outbox rows; the notifications; their webhooks; their accounts), whatever the
   * batch size. Webhooks and accounts are read once each, not once per notification.
   * Contexts come back in the order of `jobs`.
   *
   * Webhooks and accounts are named by `= ANY(ARRAY(subquery))`, which Postgres evaluates once
   * (the batch's notifications by primary key) before looking them up by theirs. As `IN
   * (subquery)` the planner, once it had statistics, joined the other way round: for each
   * webhook, every notification of it through `idx_webhook_notifications_webhook_list`,
   * filtered by id (12 ms for a batch of 100 at 20 000 notifications, and growing with them).
   * The notifications themselves are looked up id by id (notificationsById).
   */
  async loadAttempts(jobs: readonly DeliveryJobRef[]): Promise<AttemptContext[]> {
    if (jobs.length === 0) return [];
    const outboxIds = jobs.flatMap((job) => (job.outboxId ? [job.outboxId] : []));
    // One array text for the three statements that name the notifications.
    const ids = uuidArray(new Set(jobs.map((job) => job.notificationId)));
    const [open, notifications, webhooks, accounts] = await Promise.all([
      this.outbox.openIds(outboxIds),
      queryRows<NotificationToDeliver & { body: string }>(
        this.dataSource,
        notificationsById('id, account_id, webhook_id, delivery_status, attempts, payload::text AS body', '$1'),
        [ids],
      ),
      queryRows<WebhookEntity>(this.dataSource, `SELECT * FROM webhooks WHERE id = ANY(ARRAY(${notificationsById('webhook_id', '$1')}))`, [
        ids,
      ]),
      this.dataSource
        .getRepository(AccountEntity)
        .createQueryBuilder('a')
        .where(`a.id = ANY(ARRAY(${notificationsById('account_id', 'CAST(:ids AS uuid[])')}))`, { ids })
        .getMany(),
    ]);
    // The rows as they come (the body beside the state, unused there): no entity or copy per notification.
    const byId = new Map(notifications.map((row) => [row.id, row]));
    const webhookById = new Map(webhooks.map((row) => [row.id, Object.assign(new WebhookEntity(), row)]));
    const accountById = new Map(accounts.map((row) => [row.id, toAccount(row)]));
    return jobs.map((job) => {
      const notification = byId.get(job.notificationId) ?? null;
      return {
        jobOpen: job.outboxId === undefined || open.has(job.outboxId),
        notification,
        body: notification?.body ?? null,
        webhook: notification ? (webhookById.get(notification.webhook_id) ?? null) : null,
        account: notification ? (accountById.get(notification.account_id) ?? null) : null,
      };
    });
  }

  /**
   * The consequences of many jobs in one transaction, set-based (one statement per table and
   * kind of change, whatever the number of jobs); results come back in the order of `items`.
   */
  async recordMany(items: readonly DeliveryConsequence[]): Promise<RecordedConsequence[]> {
    if (items.length === 0) return [];
    for (let run = 1; ; run++) {
      try {
        return await this.dataSource.transaction((manager) => this.apply(manager, items));
      } catch (error) {
        if (run >= 3 || !isRetryable(error)) throw error;
      }
    }
  }

  private async apply(manager: EntityManager, items: readonly DeliveryConsequence[]): Promise<RecordedConsequence[]> {
    const locked = new Map<string, LockedNotificationRow>(
      // Fresh rows of this transaction, changed in place below as the jobs apply.
      (
        await this.notifications.lockMany(
          manager,
          items.flatMap((item) => notificationIdOf(item) ?? []),
        )
      ).map((row) => [row.id, row]),
    );
    const completed = await this.outbox.completeMany(
      manager,
      items.flatMap((item) => outboxIdOf(item) ?? []),
    );
    const results: RecordedConsequence[] = [];
    const attempts = new Map<string, Parameters<WebhookNotificationRepository['recordAttempts']>[1][number]>();
    const failures = new Map<string, { id: string; error: string; at: Date }>();
    const jobs: OutboxEntry[] = [];
    const byWebhook = new Map<string, WebhookAttempt[]>();
    for (const [index, item] of items.entries()) {
      const outboxId = outboxIdOf(item);
      // Completed meanwhile (a redelivery restarted the series, or a twin job finished): the
      // attempt may have happened, but this job's consequences must not be applied twice.
      if (outboxId !== undefined && !completed.delete(outboxId)) {
        results.push(SKIPPED);
        continue;
      }
      const id = notificationIdOf(item);
      const current = id === undefined ? undefined : locked.get(id);
      if (!current || current.delivery_status !== 'pending') {
        results.push(SKIPPED);
        continue;
      }
      if (item.kind === 'not-attempted') {
        // notificationIdOf gave an id, so this job carries a failure.
        const failure = item.failure!;
        failures.set(current.id, { id: current.id, error: failure.reason, at: failure.at });
        current.delivery_status = 'failed';
        results.push(FAILED);
        continue;
      }
      if (item.kind === 'postponed') {
        jobs.push({ ...this.deliveryJob(current, item.delivery), availableAt: item.availableAt });
        results.push(POSTPONED);
        continue;
      }
      const { attempt } = item;
      const nextAt = attempt.succeeded ? null : attempt.retryAt(current.attempts + 1);
      current.attempts += 1;
      current.delivery_status = attempt.succeeded ? 'succeeded' : nextAt ? 'pending' : 'failed';
      attempts.set(current.id, {
        id: current.id,
        tid: current.tid,
        attempts: (attempts.get(current.id)?.attempts ?? 0) + 1,
        at: attempt.at,
        delivery_status: current.delivery_status,
        ...attempt.answer,
        next_attempt_at: nextAt,
      });
      if (nextAt) jobs.push({ ...this.deliveryJob(current, attempt.delivery), availableAt: nextAt });
      const series = byWebhook.get(attempt.webhookId) ?? [];
      series.push({ index, at: attempt.at, deactivation: attempt.succeeded ? null : attempt.deactivation });
      byWebhook.set(attempt.webhookId, series);
      results.push(attempt.succeeded ? SUCCEEDED : nextAt ? RETRY_SCHEDULED : FAILED);
    }
    await this.notifications.recordAttempts(manager, [...attempts.values()]);
    await this.notifications.markManyFailed(manager, [...failures.values()]);
    await this.outbox.enqueueMany(manager, jobs);
    await this.recordWebhookHealth(manager, byWebhook, results);
    return results;
  }

  /**
   * Each webhook's streak as if its attempts had been recorded one by one: the last success
   * ends the streak, the failures after it start a new one (from the first of them), and the
   * last of those tells whether the webhook was turned off.
   */
  private async recordWebhookHealth(
    manager: EntityManager,
    byWebhook: Map<string, WebhookAttempt[]>,
    results: RecordedConsequence[],
  ): Promise<void> {
    const streaks = [...byWebhook.entries()].map(([id, series]) => {
      series.sort((a, b) => a.at.getTime() - b.at.getTime());
      let lastSuccess = series.length - 1;
      while (lastSuccess >= 0 && series[lastSuccess]!.deactivation !== null) lastSuccess -= 1;
      return { id, lastSuccessAt: lastSuccess >= 0 ? series[lastSuccess]!.at : null, failures: series.slice(lastSuccess + 1) };
    });
    const changed = await this.webhooks.lockForHealth(
      manager,
      streaks.map((s) => ({ id: s.id, lastSuccessAt: s.lastSuccessAt, failed: s.failures.length > 0 })),
    );
    const toRecord = streaks.filter((s) => changed.has(s.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
    await this.webhooks.recordSuccesses(
      manager,
      toRecord.flatMap((s) => (s.lastSuccessAt ? [{ id: s.id, at: s.lastSuccessAt }] : [])),
    );
    for (const { id, failures } of toRecord) {
      if (failures.length === 0) continue;
      const last = failures[failures.length - 1]!;
      let deactivated = false;
      for (const attempt of failures.length > 1 ? [failures[0]!, last] : [last]) {
        // A failure after the last success: it carries its deactivation rule.
        const rule = attempt.deactivation!;
        deactivated = (await this.webhooks.recordFailure(manager, id, attempt.at, rule.afterMs, rule.reason)) || deactivated;
      }
      results[last.index] = { ...results[last.index]!, webhookDeactivated: deactivated };
    }
  }

  private deliveryJob(notification: Pick<LockedNotificationRow, 'id' | 'account_id'>, delivery: DeliveryJobTarget): OutboxEntry {
    return {
      queue: delivery.queue,
      jobName: delivery.jobName,
      payload: { notificationId: notification.id },
      accountId: notification.account_id,
    };
  }
}
