import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { SourceHealthRepository } from '@quayside/data-access';
import type { OperatorNoticeDelivery } from '@quayside/data-access';
import { SOURCE_ERROR_RATE_WINDOW_MS, transientRetryDelaySeconds } from '@quayside/domain';
import type { SourceHealth, TransientRetryPolicy } from '@quayside/domain';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { OperatorNotifier } from './operator-notifier';
import type { OperatorNotice } from './operator-notifier';
import { SourceQuotaReader } from './source-quota-reader';

/**
 * How long one process holds a notice it is sending: far beyond the POST's 10 s timeout (the
 * notices of one look are sent side by side), so a live sender is never taken over and a notice
 * is sent twice only when a process dies after the receiver accepted it and before it could say so.
 * @internal Exported for tests.
 */
export const NOTICE_LEASE_MS = 120_000;

/**
 * Retries of a notice the receiver refused: 30 s doubling up to an hour, 16 attempts in all,
 * about ten hours, then it is dropped with an error line (the warn line of the outage stays).
 */
const NOTICE_RETRIES: TransientRetryPolicy = { max_retries: 15, base_delay_seconds: 30, factor: 2, max_delay_seconds: 3600 };

/**
 * Tells the operator when a configured source has failed every call for SOURCE_DOWN_AFTER_SECONDS
 * (a warn line and OPERATOR_WEBHOOK_URL), and again when it answers. Every worker looks every
 * SOURCE_HEALTH_CHECK_MS, but each outage and recovery is claimed by one atomic UPDATE of the
 * source's health row (`outage_notified_at`), so across the fleet one process logs it, once per
 * outage; the same transaction queues the notice in the row. Any process then delivers it under a
 * lease (NOTICE_LEASE_MS), clears it on a 2xx and retries it with backoff otherwise, so a notice
 * whose sender died or was refused is still delivered, at least once (docs/carriers.md, "Source health").
 */
@Injectable()
export class SourceOutageWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SourceHealth');
  /** Names this process on the notices it leases. */
  private readonly sender = `${hostname()} pid ${process.pid} ${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly repository: SourceHealthRepository,
    private readonly notifier: OperatorNotifier,
    private readonly config: TrackerWorkerConfig,
    @Optional() private readonly quota?: SourceQuotaReader,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running === null)
        this.running = this.check(new Date())
          .catch((error: unknown) => this.logger.warn(`source health check failed: ${String(error)}`))
          .finally(() => (this.running = null));
    }, this.config.SOURCE_HEALTH_CHECK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    await this.running;
  }

  /** One look: recoveries first (an outage told must be closed before a new one is), then outages, then the notices due. */
  async check(now: Date): Promise<void> {
    const notify = this.notifier.configured;
    for (const health of await this.repository.claimRecoveries(now, notify ? recovered : undefined))
      this.logger.log(`${health.kind} ${health.code} answers again (last success ${health.lastSuccessAt?.toISOString()})`);
    const downAfterMs = this.config.SOURCE_DOWN_AFTER_SECONDS * 1000;
    for (const health of await this.repository.claimOutages(now, downAfterMs, notify ? outage : undefined)) {
      this.logger.warn(
        `${health.kind} ${health.code} has not answered successfully since ${health.lastSuccessAt?.toISOString() ?? 'it was first asked'}: failing since ${health.failingSince?.toISOString()}, last error ${health.lastErrorClass} (${health.lastErrorDetail})`,
      );
    }
    if (notify) await this.deliverNotices(now);
    await this.repository.prune(new Date(now.getTime() - 2 * SOURCE_ERROR_RATE_WINDOW_MS));
    // The quota every worker shares (Redis), kept beside the health for the api and the console.
    if (this.quota) await this.repository.recordQuota(await this.quota.read(now), now);
  }

  private async deliverNotices(now: Date): Promise<void> {
    const { due, abandoned } = await this.repository.claimNotices(now, this.sender, NOTICE_LEASE_MS, NOTICE_RETRIES.max_retries + 1);
    for (const notice of abandoned) this.logger.error(`${describe(notice)} dropped: not delivered in ${notice.attempts} attempts`);
    // Side by side, so the last of them is still sent well within the lease.
    await Promise.all(due.map((notice) => this.deliver(notice, now)));
  }

  private async deliver(notice: OperatorNoticeDelivery, now: Date): Promise<void> {
    try {
      await this.notifier.send(notice.id, notice.notice, now);
    } catch (error) {
      const retryAt = new Date(now.getTime() + transientRetryDelaySeconds(notice.attempts - 1, NOTICE_RETRIES) * 1000);
      this.logger.warn(
        `${describe(notice)} not delivered (attempt ${notice.attempts}), sent again from ${retryAt.toISOString()}: ${String(error)}`,
      );
      await this.repository.noticeRefused(notice, this.sender, retryAt);
      return;
    }
    await this.repository.noticeDelivered(notice);
  }
}

const describe = (notice: OperatorNoticeDelivery): string => `${String(notice.notice['event'])} of ${notice.kind} ${notice.code}`;

const outage = (health: SourceHealth): OperatorNotice => ({
  event: 'source.down',
  source: { kind: health.kind, code: health.code },
  failing_since: health.failingSince,
  last_success_at: health.lastSuccessAt,
  last_error: { at: health.lastErrorAt, class: health.lastErrorClass, detail: health.lastErrorDetail },
});

const recovered = (health: SourceHealth): OperatorNotice => ({
  event: 'source.recovered',
  source: { kind: health.kind, code: health.code },
  last_success_at: health.lastSuccessAt,
});
