import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { Account } from '@quayside/domain';
import { AccountEntity } from '../entities/account.entity';
import { OutboxEntity } from '../entities/outbox.entity';
import { WebhookEntity } from '../entities/webhook.entity';
import { WebhookNotificationEntity } from '../entities/webhook-notification.entity';
import { toAccount } from './account.repository';
import { OutboxRepository } from './outbox.repository';
import type { DeliveryJobTarget } from './webhook-redelivery.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import { WebhookRepository } from './webhook.repository';

/** One attempt to post a notification, as the dispatcher saw it. */
export interface DeliveryAttempt {
  notificationId: string;
  webhookId: string;
  /** The delivery job's outbox row, completed with the outcome (absent for a direct call). */
  outboxId?: string;
  at: Date;
  succeeded: boolean;
  answer: { last_response_status: number | null; last_response_body: string | null; last_error: string | null };
  /** When to try again after this failed attempt, the `attemptsMade`th; null to give up. */
  retryAt: (attemptsMade: number) => Date | null;
  /** A webhook failing for this long without a success is deactivated, with this reason. */
  deactivation: { afterMs: number; reason: string };
  delivery: DeliveryJobTarget;
}

export type AttemptOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'skipped';

/** What a delivery job needs to know before it posts: whether it is still to run, and whom to. */
export interface AttemptContext {
  /** False when the job's outbox row is gone or already completed (a duplicate delivery of the job). */
  jobOpen: boolean;
  notification: WebhookNotificationEntity | null;
  webhook: WebhookEntity | null;
  account: Account | null;
}

/**
 * The consequences of delivery attempts, each in one transaction with the completion of the
 * job's outbox row. The notification row is locked before the outbox row in every writer
 * (redelivery too), so an attempt and a redelivery serialize instead of both leaving a series open.
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
   * Everything one delivery reads before its attempt, in two statements sent together (the
   * job's outbox row; the notification joined to its webhook and account) instead of four in
   * turn: each delivery waits one round trip, not four.
   */
  async loadAttempt(notificationId: string, outboxId?: string): Promise<AttemptContext> {
    const [job, row] = await Promise.all([
      outboxId ? this.dataSource.getRepository(OutboxEntity).findOne({ where: { id: outboxId }, select: { id: true, completed_at: true } }) : Promise.resolve(null),
      this.dataSource
        .getRepository(WebhookNotificationEntity)
        .createQueryBuilder('n')
        .leftJoinAndMapOne('n.webhook', WebhookEntity, 'w', 'w.id = n.webhook_id')
        .leftJoinAndMapOne('n.account', AccountEntity, 'a', 'a.id = n.account_id')
        .where('n.id = :notificationId', { notificationId })
        .getOne() as Promise<(WebhookNotificationEntity & { webhook?: WebhookEntity | null; account?: AccountEntity | null }) | null>,
    ]);
    const { webhook = null, account = null, ...notification } = row ?? {};
    return {
      jobOpen: outboxId === undefined || (job !== null && job.completed_at === null),
      notification: row ? Object.assign(new WebhookNotificationEntity(), notification) : null,
      webhook,
      account: account ? toAccount(account) : null,
    };
  }

  async record(attempt: DeliveryAttempt): Promise<{ outcome: AttemptOutcome; webhookDeactivated: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const skipped = { outcome: 'skipped' as const, webhookDeactivated: false };
      const current = await this.notifications.lock(manager, attempt.notificationId);
      // Completed meanwhile (a redelivery restarted the series, or a twin job finished): the
      // attempt happened, but this job's consequences must not be applied twice.
      if (attempt.outboxId && !(await this.outbox.complete(manager, attempt.outboxId))) return skipped;
      if (!current || current.delivery_status !== 'pending') return skipped;
      if (attempt.succeeded) {
        await this.notifications.recordAttempt(manager, current.id, { at: attempt.at, delivery_status: 'succeeded', ...attempt.answer, next_attempt_at: null });
        await this.webhooks.recordSuccess(manager, attempt.webhookId, attempt.at);
        return { outcome: 'succeeded', webhookDeactivated: false };
      }
      const nextAt = attempt.retryAt(current.attempts + 1);
      await this.notifications.recordAttempt(manager, current.id, { at: attempt.at, delivery_status: nextAt ? 'pending' : 'failed', ...attempt.answer, next_attempt_at: nextAt });
      if (nextAt) await this.enqueue(manager, current, nextAt, attempt.delivery);
      const webhookDeactivated = await this.webhooks.recordFailure(manager, attempt.webhookId, attempt.at, attempt.deactivation.afterMs, attempt.deactivation.reason);
      return { outcome: nextAt ? 'retry-scheduled' : 'failed', webhookDeactivated };
    });
  }

  /** The endpoint is at its cap: the job ends and a new one comes at `availableAt`, durably. */
  async postpone(notification: { id: string; account_id: string }, outboxId: string | undefined, availableAt: Date, delivery: DeliveryJobTarget): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.notifications.lock(manager, notification.id);
      if (outboxId && !(await this.outbox.complete(manager, outboxId))) return;
      await this.enqueue(manager, notification, availableAt, delivery);
    });
  }

  /** The job ends without an attempt; with `failure`, its notification is failed for that reason. */
  async finishWithoutAttempt(outboxId: string | undefined, failure?: { notificationId: string; reason: string; at: Date }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (outboxId && !(await this.outbox.complete(manager, outboxId))) return;
      if (failure) await this.notifications.markFailed(manager, failure.notificationId, failure.reason, failure.at);
    });
  }

  private async enqueue(manager: EntityManager, notification: Pick<WebhookNotificationEntity, 'id' | 'account_id'>, availableAt: Date, delivery: DeliveryJobTarget): Promise<void> {
    await this.outbox.enqueue(manager, {
      queue: delivery.queue,
      jobName: delivery.jobName,
      payload: { notificationId: notification.id },
      accountId: notification.account_id,
      availableAt,
    });
  }
}
