import { InjectQueue } from '@nestjs/bull';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { TrackingRepository } from '@quayside/data-access';
import type { DueShipment } from '@quayside/data-access';
import type { RefreshShipmentJob } from '@quayside/queues';
import { JOB, jobPriority, QUEUE } from '@quayside/queues';
import type { Queue } from 'bull';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { nextRefreshAt } from './refresh-cadence';

/** One repeatable tick for the whole deployment: Bull keys repeatable jobs by name and id. */
export const SCHEDULE_REFRESHES_JOB_ID = 'schedule-refreshes';

export interface TickResult {
  claimed: number;
  /** One per physical shipment (carrier and number): the carrier is asked once for all its records. */
  enqueued: string[];
}

/**
 * Finds the shipments whose refresh is due and hands one `refresh-shipment` job per
 * physical shipment to Bull. Claiming moves each shipment's `next_refresh_at` one jittered
 * interval ahead in the same statement (SKIP LOCKED), so several worker processes never
 * claim the same shipment, and a job Redis loses is simply done at the next interval.
 * The jobs of one tick are spread over the tick with random delays: no thundering herd.
 */
@Injectable()
export class ScheduleRefreshesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduleRefreshes');
  private keeper: NodeJS.Timeout | null = null;

  constructor(
    @InjectQueue(QUEUE.tracker) private readonly queue: Queue,
    private readonly tracking: TrackingRepository,
    private readonly adapters: TrackingAdapters,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureRepeatable();
    // Redis keeps nothing on disk here: if it restarts, the repeatable tick is gone until added again.
    this.keeper = setInterval(() => {
      this.ensureRepeatable().catch((error: unknown) => this.logger.warn(`cannot register the refresh tick: ${String(error)}`));
    }, 60_000);
    this.keeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.keeper) clearInterval(this.keeper);
  }

  /** Idempotent: Bull keeps one repeatable per (name, id, interval) however often it is added. */
  async ensureRepeatable(): Promise<void> {
    await this.queue.add(JOB.scheduleRefreshes, {}, { jobId: SCHEDULE_REFRESHES_JOB_ID, repeat: { every: this.config.SCHEDULER_TICK_MS } });
  }

  async tick(now: Date = new Date(), random: () => number = Math.random): Promise<TickResult> {
    const cadence = {
      intervalSeconds: this.config.REFRESH_INTERVAL_SECONDS,
      jitterRatio: this.config.REFRESH_JITTER_RATIO,
      minIntervalMs: this.config.REFRESH_MIN_INTERVAL_MS,
    };
    const due = await this.tracking.claimDueShipments(now, this.config.SCHEDULER_BATCH_SIZE, (row) =>
      nextRefreshAt(now, this.adapters.timeScale(row.shipping_line_scac), cadence, random),
    );
    const leaders = new Map<string, DueShipment>();
    for (const row of due) {
      const key = `${row.shipping_line_scac}|${row.carrier_reference ?? row.normalized_number}`;
      if (!leaders.has(key)) leaders.set(key, row);
    }
    const enqueued: string[] = [];
    for (const leader of leaders.values()) {
      const data: RefreshShipmentJob = { shipmentId: leader.id, reason: 'scheduled' };
      await this.queue.add(JOB.refreshShipment, data, {
        // One job per shipment and tick, even if two ticks overlap.
        jobId: `refresh-shipment:${leader.id}:${now.getTime()}`,
        delay: Math.floor(random() * this.config.SCHEDULER_TICK_MS),
        attempts: 1,
        // Behind refreshes a client asked for and behind tracking requests (see jobPriority).
        priority: jobPriority(JOB.refreshShipment, data),
      });
      enqueued.push(leader.id);
    }
    if (due.length > 0) this.logger.debug(`claimed ${due.length} shipments, ${enqueued.length} refresh jobs`);
    return { claimed: due.length, enqueued };
  }
}
