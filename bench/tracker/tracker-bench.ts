import { randomUUID } from 'node:crypto';
import { OutboxRepository, ShipmentStateRepository, timeOrderedId } from '@quayside/data-access';
import type { DatabaseConnection, LoadedTrackingState, StateDecision } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { Pool } from 'pg';
import { CONTAINERS_PER_SHIPMENT, LISTED_SHIPMENTS, containerId, containerNumber, shipmentId } from '../database/bench-ids';
import { interleavedRounds } from '../report/faster-round';
import type { Measurement, ResultRow } from '../report/results-table';
import { runTimedLoop } from '../support/timed-loop';
import type { LoopResult } from '../support/timed-loop';
import { completeOpenOutboxRows } from '../support/row-leftovers';
import { writeRefreshRaw } from './raw-refresh-writer';
import { refreshChange } from './refresh-change';
import { RoutineRefreshSide } from './routine-refresh-side';

const FAN_OUT = { queue: QUEUE.webhookFanout, jobName: JOB.fanOut };
/** Physical shipments per routine job (REFRESH_BATCH_SIZE), and such jobs in flight (the refresh processor's `refresh-carrier-shipments` concurrency). */
const ROUTINE_BATCH = 50;
const ROUTINE_CONCURRENCY = 2;
export const ROUTINE_ROW = 'tracker refresh (routine jobs of 50 shipments, 2 containers each)';
/** Refresh jobs prepared per side and size: the most either side may run. */
const JOBS_PER_SIDE = 20_000;
const WARM_UP = { durationMs: 1_000, maxOperations: 200 };
// A stride coprime with the shipment count walks every shipment once in a scattered order.
const STRIDES = [7919, 7907, 7901];

export interface TrackerBenchOptions {
  durationMs: number;
  rounds: number;
  concurrency: number;
}

interface Job {
  outboxId: string;
  shipmentOrdinal: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Tracker refreshes per second against the same rows written with plain `pg`, one transaction
 * per shipment: the routine refresh workers run (`RoutineRefreshSide`: lease, then
 * `ObservationRepository.applyBatch`), in jobs of 50 physical shipments and of one, and
 * `ShipmentStateRepository.transact` (a change of one record without an observation: complete
 * the job's outbox row, lock and load the shipment, its containers, milestones, account and
 * tracking requests, decide, write). Quayside's sides share scattered shipments, the bare side
 * has its own; one job outbox row per job.
 */
export class TrackerBench {
  /** Unique per refresh across sizes, so every refresh stores new milestones. */
  private sequence = 0;
  private readonly states: ShipmentStateRepository;

  constructor(
    private readonly dataSource: DatabaseConnection,
    private readonly databaseUrl: string,
    private readonly accountId: string,
    private readonly options: TrackerBenchOptions,
  ) {
    this.states = new ShipmentStateRepository(dataSource, new OutboxRepository(dataSource));
  }

  /**
   * The rows of one size: the routine refresh (`ObservationRepository.applyBatch`) in jobs of 50
   * physical shipments and in jobs of one, and the single-record transaction
   * (`ShipmentStateRepository.transact`), each against the same bare writer. The bare rounds are
   * the same for every row.
   */
  async run(size: number): Promise<ResultRow[]> {
    const shipments = Math.ceil(size / CONTAINERS_PER_SHIPMENT);
    // The api's first pages stay as seeded (LISTED_SHIPMENTS).
    const order = this.scatteredOrdinals(shipments).filter((ordinal) => ordinal >= LISTED_SHIPMENTS);
    const half = Math.max(1, Math.floor(order.length / 2));
    const pool = new Pool({ connectionString: this.databaseUrl, max: 10, options: '-c TimeZone=UTC' });
    const sequence = (): number => ++this.sequence;
    const { durationMs, concurrency } = this.options;
    try {
      const ours = order.slice(0, half);
      const routine = new RoutineRefreshSide(
        this.dataSource,
        { shipmentsPerJob: ROUTINE_BATCH, concurrency: ROUTINE_CONCURRENCY, durationMs, jobs: JOBS_PER_SIDE / ROUTINE_BATCH },
        sequence,
      );
      const single = new RoutineRefreshSide(
        this.dataSource,
        { shipmentsPerJob: 1, concurrency, durationMs, jobs: JOBS_PER_SIDE },
        sequence,
      );
      await routine.prepare(ours);
      await single.prepare(ours);
      const transact = this.side(await this.prepareJobs(ours), (job) => this.refreshThroughRepository(job));
      const raw = this.side(await this.prepareJobs(order.slice(half)), (job) => this.refreshRaw(pool, job, size));
      await routine.warmUp();
      await single.warmUp();
      await transact.warmUp();
      await raw.warmUp();
      const measured = await interleavedRounds(this.options.rounds, {
        routine: () => routine.round(),
        single: () => single.round(),
        transact: transact.round,
        bare: raw.round,
      });
      const row = (hotPath: string, quayside: Measurement): ResultRow => ({ hotPath, size, unit: 'ops/s', quayside, bare: measured.bare });
      return [
        row(ROUTINE_ROW, measured.routine),
        row('tracker refresh (one shipment, 2 containers)', measured.single),
        row('tracker state change (transact, one shipment, 2 containers)', measured.transact),
      ];
    } finally {
      await pool.end();
      // Jobs left over and the fan-out rows the refreshes wrote are the bench's own: settle them
      // so no relay of a later phase publishes them. No relay ran in this row: nothing reached Redis.
      await completeOpenOutboxRows(this.dataSource);
    }
  }

  /** One side: its prepared jobs, taken in order by the warm-up and every round, never twice. */
  private side(
    jobs: readonly Job[],
    refresh: (job: Job) => Promise<void>,
  ): { warmUp: () => Promise<void>; round: () => Promise<Measurement> } {
    let next = 0;
    const operation = async (): Promise<void> => refresh(jobs[next++]!);
    const { concurrency, durationMs } = this.options;
    return {
      warmUp: async () => {
        await runTimedLoop(operation, { concurrency, ...WARM_UP });
      },
      round: async () => toMeasurement(await runTimedLoop(operation, { concurrency, durationMs, maxOperations: jobs.length - next })),
    };
  }

  private scatteredOrdinals(count: number): number[] {
    const stride = STRIDES.find((candidate) => gcd(candidate, count) === 1) ?? 1;
    return Array.from({ length: count }, (_, index) => (index * stride) % count);
  }

  /** One refresh-shipment outbox row per refresh, cycling over the side's shipments. */
  private async prepareJobs(ordinals: readonly number[]): Promise<Job[]> {
    const jobs = Array.from({ length: JOBS_PER_SIDE }, (_, index) => ({
      outboxId: randomUUID(),
      shipmentOrdinal: ordinals[index % ordinals.length]!,
    }));
    await this.dataSource.query(
      `INSERT INTO outbox (id, queue, job_name, payload, account_id)
       SELECT j.id, $3, $4, jsonb_build_object('shipmentId', j.shipment_id, 'reason', 'scheduled'), $5
       FROM unnest($1::uuid[], $2::uuid[]) AS j(id, shipment_id)`,
      [
        jobs.map((job) => job.outboxId),
        jobs.map((job) => shipmentId(job.shipmentOrdinal)),
        QUEUE.tracker,
        JOB.refreshShipment,
        this.accountId,
      ],
    );
    return jobs;
  }

  private async refreshThroughRepository(job: Job): Promise<void> {
    const sequence = ++this.sequence;
    const result = await this.states.transact({ outboxId: job.outboxId, shipmentId: shipmentId(job.shipmentOrdinal) }, FAN_OUT, (loaded) =>
      decide(loaded, sequence),
    );
    if (result.status !== 'done') throw new Error(`refresh of shipment #${job.shipmentOrdinal} was ${result.status}`);
  }

  private async refreshRaw(pool: Pool, job: Job, size: number): Promise<void> {
    const first = job.shipmentOrdinal * CONTAINERS_PER_SHIPMENT;
    const ordinals = Array.from({ length: CONTAINERS_PER_SHIPMENT }, (_, offset) => first + offset).filter((ordinal) => ordinal < size);
    const containers = ordinals.map((ordinal) => ({ id: containerId(ordinal), number: containerNumber(ordinal) }));
    await writeRefreshRaw(
      pool,
      job.outboxId,
      refreshChange(this.accountId, shipmentId(job.shipmentOrdinal), containers, ++this.sequence, randomUUID),
    );
  }
}

/** What the refresh use-case decides when the carrier reports a departure: pure, inside the lock. */
function decide(loaded: LoadedTrackingState, sequence: number): StateDecision<true> {
  const state = loaded.state;
  if (state === null) return null;
  const change = refreshChange(state.shipment.account_id, state.shipment.id, state.containers, sequence, timeOrderedId);
  return {
    value: true,
    write: {
      shipment: {
        isNew: false,
        values: {
          id: state.shipment.id,
          pod_eta_at: change.podEtaAt,
          line_tracking_last_attempted_at: change.at,
          line_tracking_last_succeeded_at: change.at,
        },
      },
      containers: state.containers.map((container) => ({
        isNew: false,
        values: { id: container.id, pod_eta_at: change.podEtaAt, current_status: 'on_ship' as const },
      })),
      transportEvents: change.transportEvents,
      events: change.events,
    },
  };
}

export function toMeasurement(result: LoopResult): Measurement {
  return {
    throughput: result.opsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    operations: result.operations,
    errors: result.errors,
    firstError: result.firstError,
  };
}
