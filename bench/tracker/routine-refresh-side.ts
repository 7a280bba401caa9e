import { randomUUID } from 'node:crypto';
import { CarrierShipmentRepository, ObservationRepository, OutboxRepository, timeOrderedId } from '@quayside/data-access';
import type { DatabaseConnection, LoadedObservation, ObservationDecision, ObservationItem, StateWrite } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { carrierShipmentId } from '../database/bench-ids';
import type { Measurement } from '../report/results-table';
import { runTimedLoop } from '../support/timed-loop';
import { refreshChange } from './refresh-change';

const FAN_OUT = { queue: QUEUE.webhookFanout, jobName: JOB.fanOut };
const LEASE_MS = 60_000;
const HOUR_MS = 3_600_000;
const WARM_UP = { durationMs: 1_000 };

export interface RoutineRefreshOptions {
  /** Physical shipments per job (and so per transaction): 50 as the scheduler hands them out, 1 for a job about one shipment. */
  shipmentsPerJob: number;
  concurrency: number;
  durationMs: number;
  /** Jobs prepared: the most the warm-up and every round may take together. */
  jobs: number;
}

/**
 * A refresh as the tracker-worker runs it once the carrier has answered: lease the job's
 * physical shipments (`CarrierShipmentRepository.claimMany`, one statement), then
 * `ObservationRepository.applyBatch`, the one transaction of the job: complete its outbox row,
 * hand the leases back, lock the physical shipments and check each observation's order, lock and
 * load every follower's record, containers, milestones, requests and account, decide (a
 * departure per container and a new ETA, as `TrackerBench`'s transact side), write set-based
 * and move the cursors. No carrier call, mapping or diff: the worker row measures those.
 * Throughput is in shipments per second; latencies are per job.
 */
export class RoutineRefreshSide {
  private readonly shipments: CarrierShipmentRepository;
  private readonly observations: ObservationRepository;
  private jobs: Array<{ outboxId: string; carrierShipmentIds: string[] }> = [];
  private next = 0;

  constructor(
    private readonly dataSource: DatabaseConnection,
    private readonly options: RoutineRefreshOptions,
    /** A refresh sequence unique across the run, so every refresh stores new milestones. */
    private readonly sequence: () => number,
  ) {
    const outbox = new OutboxRepository(dataSource);
    this.shipments = new CarrierShipmentRepository(dataSource, outbox);
    this.observations = new ObservationRepository(dataSource, outbox);
  }

  /** One outbox row per job, its shipments taken in turn from `ordinals` (cycling). */
  async prepare(ordinals: readonly number[]): Promise<void> {
    const per = this.options.shipmentsPerJob;
    this.jobs = Array.from({ length: this.options.jobs }, (_, job) => ({
      outboxId: randomUUID(),
      carrierShipmentIds: Array.from({ length: per }, (_unused, index) =>
        carrierShipmentId(ordinals[(job * per + index) % ordinals.length]!),
      ),
    }));
    this.next = 0;
    await this.dataSource.query(
      `INSERT INTO outbox (id, queue, job_name, payload)
       SELECT j.id, $3, $4, jsonb_build_object('carrierShipmentIds', j.ids)
       FROM unnest($1::uuid[], $2::jsonb[]) AS j(id, ids)`,
      [
        this.jobs.map((job) => job.outboxId),
        this.jobs.map((job) => JSON.stringify(job.carrierShipmentIds)),
        QUEUE.tracker,
        JOB.refreshCarrierShipments,
      ],
    );
  }

  async warmUp(): Promise<void> {
    await runTimedLoop(() => this.refresh(), {
      concurrency: this.options.concurrency,
      ...WARM_UP,
      maxOperations: Math.min(20, this.jobs.length - this.next),
    });
  }

  async round(): Promise<Measurement> {
    const { concurrency, durationMs, shipmentsPerJob } = this.options;
    const result = await runTimedLoop(() => this.refresh(), { concurrency, durationMs, maxOperations: this.jobs.length - this.next });
    return {
      throughput: result.opsPerSecond * shipmentsPerJob,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      operations: result.operations * shipmentsPerJob,
      errors: result.errors,
      firstError: result.firstError,
    };
  }

  private async refresh(): Promise<void> {
    const job = this.jobs[this.next++]!;
    const { leased } = await this.shipments.claimMany(job.carrierShipmentIds, LEASE_MS, job.outboxId);
    if (leased.length !== job.carrierShipmentIds.length)
      throw new Error(`${job.carrierShipmentIds.length - leased.length} of the job's shipments were not leased`);
    const at = new Date();
    const items = leased.map((claim): ObservationItem<number> => ({
      target: {
        job: JOB.refreshCarrierShipments,
        lease: claim.lease,
        carrierShipment: { id: claim.carrierShipment.id },
        joinOpenRequests: true,
        sources: { carrier: { fetchedAt: at, sourceAt: null } },
        trackingSince: claim.carrierShipment.tracking_since,
      },
      decide: (loaded) => decide(loaded, this.sequence(), at),
    }));
    const applied = await this.observations.applyBatch(job.outboxId, items, FAN_OUT);
    if (applied === 'replayed') throw new Error('the job was replayed');
    const written = applied.reduce((sum, result) => sum + (result.status === 'done' ? result.value : 0), 0);
    if (written !== items.length) throw new Error(`${items.length - written} of the job's ${items.length} shipments were not written`);
  }
}

/** The departure and new ETA of every follower's record, as the refresh use-case decides on a fresh answer: pure, inside the locks. */
function decide(loaded: LoadedObservation, sequence: number, at: Date): ObservationDecision<number> {
  const writes: StateWrite[] = [];
  if (loaded.fresh.carrier === true) {
    for (const follower of loaded.followers) {
      const state = follower.state;
      if (state === null || state.shipment.line_tracking_stopped_at !== null) continue;
      const change = refreshChange(state.shipment.account_id, state.shipment.id, state.containers, sequence, timeOrderedId);
      writes.push({
        shipment: {
          isNew: false,
          values: {
            id: state.shipment.id,
            pod_eta_at: change.podEtaAt,
            line_tracking_last_attempted_at: at,
            line_tracking_last_succeeded_at: at,
          },
        },
        containers: state.containers.map((container) => ({
          isNew: false,
          values: { id: container.id, pod_eta_at: change.podEtaAt, current_status: 'on_ship' as const },
        })),
        transportEvents: change.transportEvents,
        events: change.events,
      });
    }
  }
  return { writes, carrierShipment: { next_refresh_at: new Date(at.getTime() + HOUR_MS) }, value: writes.length };
}
