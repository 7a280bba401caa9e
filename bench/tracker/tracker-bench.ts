import { randomUUID } from 'node:crypto';
import { OutboxRepository, ShipmentStateRepository } from '@quayside/data-access';
import type { DatabaseConnection, LoadedTrackingState, StateDecision } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { Pool } from 'pg';
import { CONTAINERS_PER_SHIPMENT, containerId, containerNumber, shipmentId } from '../database/bench-ids';
import { interleavedRounds } from '../report/faster-round';
import type { Measurement, ResultRow } from '../report/results-table';
import { runTimedLoop } from '../support/timed-loop';
import type { LoopResult } from '../support/timed-loop';
import { writeRefreshRaw } from './raw-refresh-writer';
import { refreshChange } from './refresh-change';

const FAN_OUT = { queue: QUEUE.webhookFanout, jobName: JOB.fanOut };
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
 * Tracker refreshes per second: `ShipmentStateRepository.transact` (the one transaction every
 * refresh goes through: complete the job's outbox row, lock and load the shipment, its
 * containers, milestones, account and tracking requests, decide, write) against the same rows
 * written with plain `pg`. Each side refreshes its own scattered shipments, one job outbox row
 * per refresh, as the tracker's refresh-shipment processor would (same concurrency).
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

  async run(size: number): Promise<ResultRow> {
    const shipments = Math.ceil(size / CONTAINERS_PER_SHIPMENT);
    const order = this.scatteredOrdinals(shipments);
    const half = Math.max(1, Math.floor(shipments / 2));
    const pool = new Pool({ connectionString: this.databaseUrl, max: 10, options: '-c TimeZone=UTC' });
    try {
      const repository = this.side(await this.prepareJobs(order.slice(0, half)), (job) => this.refreshThroughRepository(job));
      const raw = this.side(await this.prepareJobs(order.slice(half)), (job) => this.refreshRaw(pool, job, size));
      await repository.warmUp();
      await raw.warmUp();
      const { quayside, bare } = await interleavedRounds(this.options.rounds, { quayside: repository.round, bare: raw.round });
      return { hotPath: 'tracker refresh (one shipment, 2 containers)', size, unit: 'ops/s', quayside, bare };
    } finally {
      await pool.end();
      // Jobs left over and the fan-out rows the refreshes wrote are the bench's own: settle them
      // so no relay of a later phase publishes them.
      await this.dataSource.query(`UPDATE outbox SET completed_at = now() WHERE completed_at IS NULL`);
    }
  }

  /** One side: its prepared jobs, taken in order by the warm-up and every round, never twice. */
  private side(jobs: readonly Job[], refresh: (job: Job) => Promise<void>): { warmUp: () => Promise<void>; round: () => Promise<Measurement> } {
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
    const jobs = Array.from({ length: JOBS_PER_SIDE }, (_, index) => ({ outboxId: randomUUID(), shipmentOrdinal: ordinals[index % ordinals.length]! }));
    await this.dataSource.query(
      `INSERT INTO outbox (id, queue, job_name, payload, account_id)
       SELECT j.id, $3, $4, jsonb_build_object('shipmentId', j.shipment_id, 'reason', 'scheduled'), $5
       FROM unnest($1::uuid[], $2::uuid[]) AS j(id, shipment_id)`,
      [jobs.map((job) => job.outboxId), jobs.map((job) => shipmentId(job.shipmentOrdinal)), QUEUE.tracker, JOB.refreshShipment, this.accountId],
    );
    return jobs;
  }

  private async refreshThroughRepository(job: Job): Promise<void> {
    const sequence = ++this.sequence;
    const result = await this.states.transact({ outboxId: job.outboxId, shipmentId: shipmentId(job.shipmentOrdinal) }, FAN_OUT, (loaded) => decide(loaded, sequence));
    if (result.status !== 'done') throw new Error(`refresh of shipment #${job.shipmentOrdinal} was ${result.status}`);
  }

  private async refreshRaw(pool: Pool, job: Job, size: number): Promise<void> {
    const first = job.shipmentOrdinal * CONTAINERS_PER_SHIPMENT;
    const ordinals = Array.from({ length: CONTAINERS_PER_SHIPMENT }, (_, offset) => first + offset).filter((ordinal) => ordinal < size);
    const containers = ordinals.map((ordinal) => ({ id: containerId(ordinal), number: containerNumber(ordinal) }));
    await writeRefreshRaw(pool, job.outboxId, refreshChange(this.accountId, shipmentId(job.shipmentOrdinal), containers, ++this.sequence));
  }
}

/** What the refresh use-case decides when the carrier reports a departure: pure, inside the lock. */
function decide(loaded: LoadedTrackingState, sequence: number): StateDecision<true> {
  const state = loaded.state;
  if (state === null) return null;
  const change = refreshChange(state.shipment.account_id, state.shipment.id, state.containers, sequence);
  return {
    value: true,
    write: {
      shipment: {
        isNew: false,
        values: { id: state.shipment.id, pod_eta_at: change.podEtaAt, line_tracking_last_attempted_at: change.at, line_tracking_last_succeeded_at: change.at },
      },
      containers: state.containers.map((container) => ({ isNew: false, values: { id: container.id, pod_eta_at: change.podEtaAt, current_status: 'on_ship' as const } })),
      transportEvents: change.transportEvents,
      events: change.events,
    },
  };
}

export function toMeasurement(result: LoopResult): Measurement {
  return { throughput: result.opsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, operations: result.operations, errors: result.errors, firstError: result.firstError };
}
