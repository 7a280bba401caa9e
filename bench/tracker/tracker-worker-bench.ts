import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { JOB, QUEUE } from '@quayside/queues';
import type { DatabaseConnection } from '@quayside/data-access';
import { CONTAINERS_PER_SHIPMENT, LISTED_SHIPMENTS, shipmentId } from '../database/bench-ids';
import type { Measurement } from '../report/results-table';
import { freePort, peakRssMb, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';
import { dropRowLeftovers } from '../support/row-leftovers';

/** Physical shipments per routine refresh job: the tracker-worker's REFRESH_BATCH_SIZE default. */
const ROUTINE_BATCH = 50;

const POLL_MS = 50;
const STRIDE = 7919;
/**
 * Shipments refreshed first and not counted, as every other row warms up (200 operations):
 * the worker process is new at each size, and its first jobs pay for compiling its code and
 * opening (and preparing statements on) its connections, which a running worker paid long ago.
 */
const WARM_UP_SHIPMENTS = 200;

export interface TrackerWorkerBenchOptions {
  /** Shipments refreshed at each size, all seeded at that size (so none was refreshed before). */
  refreshes: number;
  /** Environment of the worker process (database, Redis, prefix, inherited basics). */
  workerEnv: Record<string, string>;
  /** Where the seeded history starts (the local carrier answers the same instants). */
  seedBase: Date;
}

/**
 * Tracker refreshes per second end to end: the tracker-worker's production `main.ts` as a
 * process, its carrier a local DCSA Track & Trace server (bench/servers/dcsa-carrier.server.ts)
 * answering each bill of lading with its stored history plus a departure. A batch of
 * refresh-shipment outbox rows is committed at once and timed until the last one is completed:
 * relay, Bull, the refresh group lookup, the carrier call, parsing and mapping, the domain diff,
 * and the one transaction per refresh. A first batch of WARM_UP_SHIPMENTS, not counted, warms
 * the new process up, as the other rows' warm-ups do.
 */
export class TrackerWorkerBench {
  private carrier: ChildProcess | null = null;
  private carrierUrl = '';

  constructor(
    private readonly dataSource: DatabaseConnection,
    private readonly accountId: string,
    private readonly options: TrackerWorkerBenchOptions,
  ) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.carrier = spawnTypeScript({
      script: 'bench/servers/dcsa-carrier.server.ts',
      args: [String(port), String(this.options.seedBase.getTime())],
      env: this.options.workerEnv,
    });
    this.carrierUrl = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${this.carrierUrl}/health`, this.carrier);
  }

  async stop(): Promise<void> {
    if (this.carrier) await stopChild(this.carrier);
  }

  /**
   * Refreshes shipments seeded between `previousSize` and `size` containers (warm-up first, then
   * the timed batch), past the api's first pages (LISTED_SHIPMENTS).
   */
  async run(size: number, previousSize: number): Promise<Measurement> {
    const first = Math.max(LISTED_SHIPMENTS, Math.ceil(previousSize / CONTAINERS_PER_SHIPMENT));
    const available = Math.ceil(size / CONTAINERS_PER_SHIPMENT) - first;
    const warmUp = Math.min(WARM_UP_SHIPMENTS, Math.floor(available / 4));
    const count = Math.min(this.options.refreshes, available - warmUp);
    const chosen = Array.from({ length: warmUp + count }, (_, index) => shipmentId(first + ((index * STRIDE) % available)));
    const opsPort = await freePort();
    const worker = spawnApp('tracker-worker', {
      ...this.options.workerEnv,
      OPS_PORT: String(opsPort),
      CARRIERS_CONFIG: JSON.stringify({
        carriers: [{ scac: 'MSCU', kind: 'dcsa', baseUrl: this.carrierUrl, timeoutMs: 10_000 }],
        terminals: [],
        rail: [],
      }),
    });
    try {
      await waitUntilServing(`http://127.0.0.1:${opsPort}/health/ready`, worker);
      const warmedUp = await this.refresh(chosen.slice(0, warmUp));
      if (warmedUp.missing > 0)
        return { ...warmedUp.measurement, firstError: `warm-up: ${warmedUp.measurement.firstError ?? ''}`, peakRssMb: peakRssMb(worker) };
      const timed = await this.refresh(chosen.slice(warmUp));
      return { ...timed.measurement, peakRssMb: peakRssMb(worker) };
    } finally {
      await stopChild(worker);
      await dropRowLeftovers(this.dataSource, this.options.workerEnv);
    }
  }

  /**
   * One batch: routine refreshes as the scheduler hands them out (physical shipments in jobs of
   * REFRESH_BATCH_SIZE, 50) committed at once, timed from that commit until the last job is completed.
   */
  private async refresh(shipmentIds: readonly string[]): Promise<{ measurement: Measurement; missing: number }> {
    const count = shipmentIds.length;
    const batches: string[][] = [];
    for (let index = 0; index < shipmentIds.length; index += ROUTINE_BATCH) batches.push(shipmentIds.slice(index, index + ROUTINE_BATCH));
    const jobIds = batches.map(() => randomUUID());
    const [{ now: startedAt }] = await this.dataSource.query<[{ now: Date }]>('SELECT now()');
    await this.dataSource.query(
      `INSERT INTO outbox (id, queue, job_name, payload)
       SELECT j.id, $3, $4, jsonb_build_object('carrierShipmentIds',
         (SELECT jsonb_agg(s.carrier_shipment_id) FROM shipments s WHERE s.id = ANY (SELECT jsonb_array_elements_text(j.shipments)::uuid)))
       FROM unnest($1::uuid[], $2::jsonb[]) AS j(id, shipments)`,
      [jobIds, batches.map((batch) => JSON.stringify(batch)), QUEUE.tracker, JOB.refreshCarrierShipments],
    );
    // From the commit of the jobs, as the dispatcher's row is timed.
    const begin = performance.now();
    const deadline = begin + Math.max(60_000, count * 200);
    let done = 0;
    while (done < jobIds.length && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      done = await this.count(`SELECT count(*)::int AS count FROM outbox WHERE id = ANY($1::uuid[]) AND completed_at IS NOT NULL`, [
        jobIds,
      ]);
    }
    const seconds = (performance.now() - begin) / 1000;
    // A refresh that reached no carrier completes its job too: only shipments the carrier answered count.
    const refreshed = await this.count(
      `SELECT count(*)::int AS count FROM shipments WHERE id = ANY($1::uuid[]) AND line_tracking_last_succeeded_at >= $2`,
      [shipmentIds, startedAt],
    );
    const missing = count - refreshed;
    return {
      missing,
      measurement: {
        throughput: refreshed / seconds,
        p50Ms: null,
        p99Ms: null,
        operations: refreshed,
        errors: missing,
        firstError:
          missing > 0
            ? `${missing} of ${count} shipments not refreshed from the carrier (${done} jobs completed) after ${seconds.toFixed(0)} s`
            : null,
        peakRssMb: null,
      },
    };
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(sql, params);
    return row?.count ?? 0;
  }
}
