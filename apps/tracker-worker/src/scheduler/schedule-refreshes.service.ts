import { Injectable, Logger } from '@nestjs/common';
import { CarrierShipmentRepository } from '@quayside/data-access';
import type { DueCarrierShipment } from '@quayside/data-access';
import { REFRESH_PHASES } from '@quayside/domain';
import { JOB, outboxJob } from '@quayside/queues';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { nextRefreshAt } from '../tracking-state/refresh-cadence';

export interface TickResult {
  /** The physical shipments claimed: one refresh each, for every account following it. */
  enqueued: string[];
}

/**
 * The due shipments of one tick, as refresh jobs: one carrier per job (its calls share that
 * carrier's limits), at most `size` shipments each (their answers are applied in one
 * transaction).
 */
export function refreshBatches(rows: readonly DueCarrierShipment[], size: number): string[][] {
  const byCarrier = new Map<string, string[]>();
  for (const row of rows) byCarrier.set(row.shipping_line_scac, [...(byCarrier.get(row.shipping_line_scac) ?? []), row.id]);
  const batches: string[][] = [];
  for (const ids of byCarrier.values()) for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}

/**
 * Finds the physical shipments whose refresh is due and writes `refresh-carrier-shipments`
 * jobs for them to the outbox, in the transaction that moves their `next_refresh_at` one
 * jittered interval ahead (SKIP LOCKED): several worker processes never claim one shipment
 * twice, and a refresh Redis loses is published again by the relay. The jobs of one tick are
 * spread over the tick: no thundering herd.
 */
@Injectable()
export class ScheduleRefreshesService {
  private readonly logger = new Logger('ScheduleRefreshes');

  constructor(
    private readonly carrierShipments: CarrierShipmentRepository,
    private readonly adapters: TrackingAdapters,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async tick(now: Date = new Date(), random: () => number = Math.random): Promise<TickResult> {
    // Claimed: the next refresh is one interval of its last known phase out (a refresh that fails
    // keeps it); the answer, once applied, sets it by the phase it says.
    const cadence = {
      cadence: this.config.refreshCadence,
      jitterRatio: this.config.REFRESH_JITTER_RATIO,
      minIntervalMs: this.config.REFRESH_MIN_INTERVAL_MS,
    };
    const due = await this.carrierShipments.claimDue(
      now,
      this.config.SCHEDULER_BATCH_SIZE,
      (row) => nextRefreshAt(now, this.adapters.timeScale(row.shipping_line_scac), cadence, row.refresh_phase ?? 'unknown', random),
      (rows) =>
        refreshBatches(rows, this.config.REFRESH_BATCH_SIZE).map((ids) =>
          outboxJob(
            JOB.refreshCarrierShipments,
            { carrierShipmentIds: ids },
            { availableAt: new Date(now.getTime() + Math.floor(random() * this.config.SCHEDULER_TICK_MS)) },
          ),
        ),
      { urgency: REFRESH_PHASES, perCarrier: this.perCarrierShare() },
    );
    if (due.length > 0) this.logger.debug(`claimed ${due.length} physical shipments for a refresh`);
    return { enqueued: due.map((row) => row.id) };
  }

  /**
   * What a tick may claim of each carrier with a `requestsPerMinute`: the requests its quota
   * allows in one tick. More would only wait for permits (and be put back); fewer, chosen most
   * urgent first, keep the urgent shipments ahead when the quota is the bottleneck.
   */
  private perCarrierShare(): Map<string, number> {
    const shares = new Map<string, number>();
    for (const source of this.adapters.sources()) {
      const rate = source.kind === 'carrier' ? this.adapters.requestsPerMinute(source.code) : null;
      if (rate !== null) shares.set(source.code, Math.max(1, Math.ceil((rate * this.config.SCHEDULER_TICK_MS) / 60_000)));
    }
    return shares;
  }
}
