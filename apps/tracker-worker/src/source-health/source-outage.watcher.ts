import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { SourceHealthRepository } from '@quayside/data-access';
import { SOURCE_ERROR_RATE_WINDOW_MS } from '@quayside/domain';
import type { SourceHealth } from '@quayside/domain';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { OperatorNotifier } from './operator-notifier';
import { SourceQuotaReader } from './source-quota-reader';

/**
 * Tells the operator when a configured source has failed every call for SOURCE_DOWN_AFTER_SECONDS
 * (a warn line and OPERATOR_WEBHOOK_URL), and again when it answers. Every worker looks every
 * SOURCE_HEALTH_CHECK_MS, but each notice is claimed by one atomic UPDATE of the source's health
 * row (`outage_notified_at`), so across the fleet one process sends it, once per outage; a notice
 * that could not be delivered is given back and sent by a later check.
 */
@Injectable()
export class SourceOutageWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SourceHealth');
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

  /** One look: recoveries first (an outage told must be closed before a new one is), then outages. */
  async check(now: Date): Promise<void> {
    for (const health of await this.repository.claimRecoveries()) {
      this.logger.log(`${health.kind} ${health.code} answers again (last success ${health.lastSuccessAt?.toISOString()})`);
      await this.notify(
        health,
        { event: 'source.recovered', source: { kind: health.kind, code: health.code }, last_success_at: health.lastSuccessAt },
        now,
        null,
        health.notifiedAt,
      );
    }
    const downAfterMs = this.config.SOURCE_DOWN_AFTER_SECONDS * 1000;
    for (const health of await this.repository.claimOutages(now, downAfterMs)) {
      this.logger.warn(
        `${health.kind} ${health.code} has not answered successfully since ${health.lastSuccessAt?.toISOString() ?? 'it was first asked'}: failing since ${health.failingSince?.toISOString()}, last error ${health.lastErrorClass} (${health.lastErrorDetail})`,
      );
      await this.notify(health, this.outage(health), now, now, null);
    }
    await this.repository.prune(new Date(now.getTime() - 2 * SOURCE_ERROR_RATE_WINDOW_MS));
    // The quota every worker shares (Redis), kept beside the health for the api and the console.
    if (this.quota) await this.repository.recordQuota(await this.quota.read(now), now);
  }

  private outage(health: SourceHealth): Parameters<OperatorNotifier['send']>[0] {
    return {
      event: 'source.down',
      source: { kind: health.kind, code: health.code },
      failing_since: health.failingSince,
      last_success_at: health.lastSuccessAt,
      last_error: { at: health.lastErrorAt, class: health.lastErrorClass, detail: health.lastErrorDetail },
    };
  }

  private async notify(
    health: SourceHealth,
    notice: Parameters<OperatorNotifier['send']>[0],
    now: Date,
    claimed: Date | null,
    previous: Date | null,
  ): Promise<void> {
    if (!this.notifier.configured) return;
    try {
      await this.notifier.send(notice, now);
    } catch (error) {
      this.logger.warn(`${notice.event} of ${health.kind} ${health.code} not delivered, to be sent again: ${String(error)}`);
      await this.repository.unclaim(health.kind, health.code, claimed, previous);
    }
  }
}
