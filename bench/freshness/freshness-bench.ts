import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWebhookSecret } from '@quayside/webhooks';
import type { RefreshCadence, RefreshPhase } from '@quayside/domain';
import { createBenchDatabase } from '../database/bench-database';
import type { BenchDatabase } from '../database/bench-database';
import { seedBase } from '../database/bench-ids';
import { percentile } from '../support/percentile';
import { CpuUsage } from '../support/process-cpu';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { freePort, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';
import type { FreshnessCarrierSettings } from './freshness-carrier-settings';
import { cadenceSetting, compressedCadence, maxInWindow, maxOverlap } from './freshness-stats';
import { dueAdherence } from './due-adherence';
import type { DueAdherence, DueShipment } from './due-adherence';
import { ARRIVING_MIX, DOCUMENTED_MIX, phaseShares, refreshesPerMinute } from './freshness-cadence';
import type { PhaseMix } from './freshness-cadence';
import { seedFreshness } from './freshness-seed';
import { PostgresActivity } from './postgres-activity';
import type { PostgresFigures } from './postgres-activity';
import { whatBinds } from './what-binds';

const JITTER_RATIO = 0.2;
const SCHEDULER_TICK_MS = 5_000;
const WARM_UP_MS = 30_000;
const SAMPLE_MS = 5_000;
/** Postgres' activity and the processes' CPU are sampled more often than adherence: a wait lasts milliseconds. */
const PROBE_MS = 1_000;
/** Stale after the next refresh with its jitter and this (the tracker's own grace: a tick and two minutes). */
const GRACE_SECONDS = (SCHEDULER_TICK_MS + 120_000) / 1000;
const LATENCY = { minLatencyMs: 200, maxLatencyMs: 800 };

interface CarrierPlan {
  scac: string;
  version: '2.2' | '3.0';
  push: boolean;
  /** Share of the refreshes its shipments need per minute (under 1: its quota binds). */
  quotaShare: number;
  maxConcurrency: number;
}

/**
 * Six lines: four polled (2.2), one of them with a quota short of what its shipments need, and two
 * pushing 3.0 events. Quotas are sized from the scenario's own need (shipments per carrier over the
 * phase's interval), so they bind (or not) alike at every size.
 */
const CARRIERS: readonly CarrierPlan[] = [
  { scac: 'MSCU', version: '2.2', push: false, quotaShare: 1.5, maxConcurrency: 8 },
  { scac: 'MAEU', version: '2.2', push: false, quotaShare: 1.5, maxConcurrency: 8 },
  { scac: 'CMDU', version: '2.2', push: false, quotaShare: 1.5, maxConcurrency: 8 },
  { scac: 'EGLV', version: '2.2', push: false, quotaShare: 0.7, maxConcurrency: 4 },
  { scac: 'HLCU', version: '3.0', push: true, quotaShare: 1.5, maxConcurrency: 64 },
  { scac: 'ONEY', version: '3.0', push: true, quotaShare: 1.5, maxConcurrency: 64 },
];

export interface FreshnessOptions {
  serverUrl: string;
  redisUrl: string;
  redisPrefix: string;
  inherited: Record<string, string>;
  shipments: number;
  measureSeconds: number;
  workerCounts: number[];
  /** Pushed changes per second over all pushing carriers. */
  pushPerSecond: number;
  /** Changes per second over all polled carriers. */
  polledChangesPerSecond: number;
  /** The cadence table of docs/tracking-requests.md divided by this (1: the real cadence). */
  cadenceDivisor: number;
  /** 'arriving': every shipment on the water with its arrival a day away; 'documented': the docs' import mix. */
  mix: 'arriving' | 'documented';
}

interface CarrierRuntime {
  plan: CarrierPlan;
  requestsPerMinute: number;
  logFile: string;
  child: ChildProcess;
  url: string;
}

export interface CarrierFigures {
  scac: string;
  version: string;
  push: boolean;
  requestsPerMinute: number;
  maxConcurrency: number;
  adherence: number | null;
  requestsPerHour: number;
  maxIn60s: number;
  maxInFlight: number;
  /** Due shipments answered by their deadline, of those judged. */
  dueAdherence: number | null;
}

/** Cores used in a window, by whom (bench/support/process-cpu.ts). */
export interface CpuFigures {
  cores: number;
  busyCores: number;
  workers: number;
  postgres: number;
  api: number;
  dispatcher: number;
  /** The carriers, the receiver and the bench's own process. */
  others: number;
}

export interface FreshnessRun {
  workers: number;
  loadBefore: string;
  loadAfter: string;
  adherence: number | null;
  requestsPerHour: number;
  /** Pushes the api accepted per second of the window (the carriers push fewer while the api lags). */
  pushedPerSecond: number;
  carriers: CarrierFigures[];
  pushed: LatencyFigures;
  polled: LatencyFigures;
  due: Omit<DueAdherence, 'byCarrier'>;
  cpu: CpuFigures;
  postgres: PostgresFigures;
  binds: string;
}

interface LatencyFigures {
  changes: number;
  received: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

interface LogLine {
  kind: 'request' | 'change' | 'push';
  at: number;
  end?: number;
  ordinal: number;
  version: number | null;
  status?: number;
}

interface Receipt {
  at: number;
  signed: boolean;
  event: unknown;
  billOfLading: unknown;
  estimated: unknown;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * The freshness scenario (bench/README.md, "Freshness at scale"): seeded active shipments spread over
 * six local DCSA carriers with quotas, the api taking pushes, a webhook-dispatcher delivering to a
 * signing-checking receiver, and 1, 2, 4… tracker-worker processes in turn, all from the production
 * build, in a database and Redis prefix of its own.
 */
export class FreshnessBench {
  private readonly cadence: RefreshCadence;
  private readonly mix: PhaseMix;
  private readonly children: ChildProcess[] = [];
  private db: BenchDatabase | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'quayside-freshness-'));
  private readonly etaAnchor = Date.now() + 86_400_000;
  /** The bench's processes that are not tracker-workers, by role, for their CPU. */
  private readonly roles = new Map<'api' | 'dispatcher' | 'others', number[]>([['others', [process.pid]]]);

  constructor(private readonly options: FreshnessOptions) {
    this.cadence = compressedCadence(options.cadenceDivisor);
    this.mix = options.mix === 'documented' ? DOCUMENTED_MIX : ARRIVING_MIX;
  }

  describe(): string {
    const phases = phaseShares(this.mix)
      .map(({ phase, share }) => `${phase} ${(share * 100).toFixed(0)} % every ${this.cadence[phase]} s`)
      .join(', ');
    const need = refreshesPerMinute(this.options.shipments, this.mix, this.cadence) / 60;
    return (
      `freshness: ${this.options.shipments.toLocaleString('en-US')} active shipments over ${CARRIERS.length} DCSA carriers ` +
      `(${CARRIERS.filter((c) => c.push).length} pushing 3.0), latency ${LATENCY.minLatencyMs}-${LATENCY.maxLatencyMs} ms; ` +
      (this.options.cadenceDivisor === 1
        ? `REFRESH_CADENCE as docs/tracking-requests.md has it: ${cadenceSetting(this.cadence)}; `
        : `REFRESH_CADENCE compressed ${this.options.cadenceDivisor}× (the phases keep their ratio): ${cadenceSetting(this.cadence)}; `) +
      `${this.options.mix === 'documented' ? "the docs' import mix" : 'every shipment arriving'} (${phases}): ${need.toFixed(1)} refreshes/s due; ` +
      `${this.options.pushPerSecond} pushed and ${this.options.polledChangesPerSecond} polled changes/s; ` +
      `${WARM_UP_MS / 1000} s warm-up then ${this.options.measureSeconds} s per worker count`
    );
  }

  async run(progress: (line: string) => void): Promise<{ runs: FreshnessRun[]; quotaBreaches: string[]; seedSeconds: number }> {
    const { shipments } = this.options;
    this.db = await createBenchDatabase(this.options.serverUrl);
    const db = this.db;
    const base = seedBase(new Date());
    const seedStarted = Date.now();
    const account = await seedFreshness(
      db,
      {
        shipments,
        base,
        scacs: CARRIERS.map((c) => c.scac),
        etaAt: new Date(this.etaAnchor),
        mix: this.mix,
        cadence: this.cadence,
        jitterRatio: JITTER_RATIO,
        graceSeconds: GRACE_SECONDS,
      },
      (done) => progress(`\rseeding freshness: ${done.toLocaleString('en-US')} shipments`),
    );
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    progress(`\nseeded ${shipments.toLocaleString('en-US')} shipments in ${seedSeconds.toFixed(0)} s (load ${load()})`);
    const pushing = CARRIERS.filter((c) => c.push).length;
    const polling = CARRIERS.length - pushing;
    const pushPerCarrier = this.options.pushPerSecond / pushing;
    // What a carrier's shipments need a minute at their phases' intervals.
    const needPerMinute = refreshesPerMinute(shipments / CARRIERS.length, this.mix, this.cadence);
    const carriers = CARRIERS.map((plan) => ({
      plan,
      // Its need times its share; a pushing carrier is also asked once per push (the refresh a
      // push starts reads GET /events too).
      requestsPerMinute: Math.max(1, Math.round(needPerMinute * plan.quotaShare + (plan.push ? pushPerCarrier * 60 * 1.2 : 0))),
    }));
    const secret = generateWebhookSecret();
    const receiverLog = join(this.dir, 'receiver.jsonl');
    const receiverPort = await freePort();
    const receiver = this.spawn(
      spawnTypeScript({
        script: 'bench/servers/freshness-receiver.server.ts',
        args: [String(receiverPort), secret, receiverLog],
        env: this.env(),
      }),
    );
    await waitUntilServing(`http://127.0.0.1:${receiverPort}/`, receiver);
    this.role('others', receiver);
    await db.dataSource.query(`INSERT INTO webhooks (account_id, url, events, secret) VALUES ($1, $2, $3, $4)`, [
      account.accountId,
      `http://127.0.0.1:${receiverPort}/hooks/freshness`,
      ['shipment.estimated.arrival'],
      secret,
    ]);

    const tokens = Object.fromEntries(
      CARRIERS.filter((c) => c.push).map((c) => [c.scac, `${c.scac.toLowerCase()}-bench-push-token-${secret.slice(-8)}`]),
    );
    const apiPort = await freePort();
    const api = this.spawn(
      spawnApp('api', {
        ...this.env(),
        PORT: String(apiPort),
        RATE_LIMIT_WINDOW_MS: '1000',
        RATE_LIMIT_DEFAULT: '1000000000',
        RATE_LIMIT_REFRESH: '1000000000',
        DCSA_PUSH_CONNECTIONS: JSON.stringify(tokens),
      }),
    );
    const dispatcherPort = await freePort();
    const dispatcher = this.spawn(
      spawnApp('webhook-dispatcher', {
        ...this.env(),
        OPS_PORT: String(dispatcherPort),
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      }),
    );
    await waitUntilServing(`http://127.0.0.1:${apiPort}/health/ready`, api);
    await waitUntilServing(`http://127.0.0.1:${dispatcherPort}/health/ready`, dispatcher);
    this.role('api', api);
    this.role('dispatcher', dispatcher);

    const running: CarrierRuntime[] = [];
    for (const [index, { plan, requestsPerMinute }] of carriers.entries()) {
      const port = await freePort();
      const logFile = join(this.dir, `${plan.scac}.jsonl`);
      const settings: FreshnessCarrierSettings = {
        scac: plan.scac,
        version: plan.version,
        index,
        count: CARRIERS.length,
        shipments,
        seedBase: base.getTime(),
        etaAnchor: this.etaAnchor,
        ...LATENCY,
        changesPerSecond: plan.push ? 0 : this.options.polledChangesPerSecond / polling,
        push: plan.push
          ? {
              url: `http://127.0.0.1:${apiPort}/dcsa/v3/carriers/${plan.scac}/events`,
              token: tokens[plan.scac]!,
              perSecond: pushPerCarrier,
            }
          : null,
        logFile,
      };
      const child = this.spawn(
        spawnTypeScript({
          script: 'bench/servers/freshness-carrier.server.ts',
          args: [String(port), JSON.stringify(settings)],
          env: this.env(),
        }),
      );
      const url = `http://127.0.0.1:${port}`;
      await waitUntilServing(`${url}/health`, child);
      this.role('others', child);
      running.push({ plan, requestsPerMinute, logFile, child, url });
    }

    const runs: FreshnessRun[] = [];
    for (const workers of this.options.workerCounts) {
      progress(`\nfreshness: ${workers} tracker-worker(s)`);
      runs.push(await this.runWorkers(db, workers, running, receiverLog));
    }
    // The quota over the whole scenario, from each carrier's own log.
    const quotaBreaches = running.flatMap((carrier) => {
      const requests = readLines<LogLine>(carrier.logFile).filter((line) => line.kind === 'request');
      const inWindow = maxInWindow(
        requests.map((line) => line.at),
        60_000,
      );
      const inFlight = maxOverlap(requests.map((line) => ({ start: line.at, end: line.end ?? line.at })));
      return [
        ...(inWindow > carrier.requestsPerMinute
          ? [`${carrier.plan.scac}: ${inWindow} requests in 60 s > requestsPerMinute ${carrier.requestsPerMinute}`]
          : []),
        ...(inFlight > carrier.plan.maxConcurrency
          ? [`${carrier.plan.scac}: ${inFlight} in flight > maxConcurrency ${carrier.plan.maxConcurrency}`]
          : []),
      ];
    });
    return { runs, quotaBreaches, seedSeconds };
  }

  async stop(): Promise<void> {
    for (const child of this.children.reverse()) await stopChild(child).catch(() => undefined);
    await this.db?.drop().catch((error: unknown) => console.error(`could not drop ${this.db?.name}: ${String(error)}`));
    await deleteRedisPrefix(this.options.redisUrl, this.options.redisPrefix).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private env(): Record<string, string> {
    return {
      ...this.options.inherited,
      DATABASE_URL: this.db?.url ?? '',
      REDIS_URL: this.options.redisUrl,
      REDIS_PREFIX: this.options.redisPrefix,
      LOG_LEVEL: 'silent',
    };
  }

  private spawn(child: ChildProcess): ChildProcess {
    this.children.push(child);
    return child;
  }

  private role(role: 'api' | 'dispatcher' | 'others', child: ChildProcess): void {
    if (child.pid !== undefined) this.roles.set(role, [...(this.roles.get(role) ?? []), child.pid]);
  }

  /** The share of shipments (each carrier's, and all) last answered within their phase's interval with its whole jitter and a tick. */
  private async sampleAdherence(db: BenchDatabase): Promise<Map<string, { fresh: number; all: number }>> {
    const limits = Object.fromEntries(
      Object.entries(this.cadence).map(([phase, seconds]) => [phase, seconds * (1 + JITTER_RATIO) + SCHEDULER_TICK_MS / 1000]),
    );
    const rows = await db.dataSource.query<Array<{ scac: string; fresh: number; all: number }>>(
      `SELECT shipping_line_scac AS scac, count(*)::int AS all,
         count(*) FILTER (WHERE carrier_fetched_at >= now() - ($1::jsonb ->> refresh_phase)::float8 * interval '1 second')::int AS fresh
       FROM carrier_shipments WHERE next_refresh_at IS NOT NULL GROUP BY 1`,
      [JSON.stringify(limits)],
    );
    return new Map(rows.map((row) => [row.scac, { fresh: row.fresh, all: row.all }]));
  }

  /** The shipments whose refresh comes due between `from` and `until`, as scheduled at `from` (none of them claimed yet). */
  private async comingDue(db: BenchDatabase, from: number, until: number): Promise<Map<string, DueShipment>> {
    const rows = await db.dataSource.query<Array<{ id: string; scac: string; phase: RefreshPhase; fetched: string; due: string }>>(
      `SELECT id, shipping_line_scac AS scac, COALESCE(refresh_phase, 'unknown') AS phase,
         (extract(epoch FROM carrier_fetched_at) * 1000)::text AS fetched, (extract(epoch FROM next_refresh_at) * 1000)::text AS due
       FROM carrier_shipments WHERE next_refresh_at >= $1 AND next_refresh_at < $2 AND carrier_fetched_at IS NOT NULL`,
      [new Date(from), new Date(until)],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { scac: row.scac, phase: row.phase, previousFetchedAt: Number(row.fetched), dueAt: Number(row.due), refreshedAt: null },
      ]),
    );
  }

  /** Notes the first answer after the previous one of each due shipment not yet answered (those due by now, or answered early). */
  private async markRefreshed(db: BenchDatabase, due: Map<string, DueShipment>): Promise<void> {
    const waiting = [...due].filter(([, shipment]) => shipment.refreshedAt === null).map(([id]) => id);
    if (waiting.length === 0) return;
    const rows = await db.dataSource.query<Array<{ id: string; fetched: string }>>(
      `SELECT id, (extract(epoch FROM carrier_fetched_at) * 1000)::text AS fetched FROM carrier_shipments WHERE id = ANY($1::uuid[])`,
      [waiting],
    );
    for (const row of rows) {
      const shipment = due.get(row.id);
      const fetched = Number(row.fetched);
      if (shipment && Number.isFinite(fetched) && fetched > shipment.previousFetchedAt) shipment.refreshedAt = fetched;
    }
  }

  private async runWorkers(db: BenchDatabase, workers: number, carriers: CarrierRuntime[], receiverLog: string): Promise<FreshnessRun> {
    const carriersConfig = JSON.stringify({
      carriers: carriers.map((c) => ({
        scac: c.plan.scac,
        kind: 'dcsa',
        ...(c.plan.version === '3.0' ? { version: '3.0' } : {}),
        baseUrl: c.url,
        timeoutMs: 10_000,
        requestsPerMinute: c.requestsPerMinute,
        maxConcurrency: c.plan.maxConcurrency,
      })),
      terminals: [],
      rail: [],
    });
    const processes: ChildProcess[] = [];
    try {
      for (let n = 0; n < workers; n += 1) {
        const opsPort = await freePort();
        const worker = spawnApp('tracker-worker', {
          ...this.env(),
          OPS_PORT: String(opsPort),
          CARRIERS_CONFIG: carriersConfig,
          REFRESH_CADENCE: cadenceSetting(this.cadence),
          REFRESH_INTERVAL_SECONDS: String(this.cadence.unknown),
          REFRESH_JITTER_RATIO: String(JITTER_RATIO),
          SCHEDULER_TICK_MS: String(SCHEDULER_TICK_MS),
          // Pushes applied at once per worker, on their own queue: the most the setting takes (docs/dcsa.md).
          DCSA_PUSH_CONCURRENCY: '32',
        });
        processes.push(worker);
        await waitUntilServing(`http://127.0.0.1:${opsPort}/health/ready`, worker);
      }
      const loadBefore = load();
      await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
      const from = Date.now();
      const until = from + this.options.measureSeconds * 1000;
      const due = await this.comingDue(db, from, until);
      const cpu = new CpuUsage(cpus().length);
      const postgres = new PostgresActivity(db.dataSource);
      await postgres.start();
      const probe = (): void =>
        cpu.sample(
          new Map([
            ['workers', processes.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]))],
            ['postgres', [...postgres.processes().backends, ...postgres.processes().shared]],
            ...[...this.roles].map(([role, pids]) => [role, pids] as const),
          ]),
        );
      probe();
      // A scan of every active shipment each 5 s is a load of its own past 100,000 of them: then one, at the end.
      const sampleEvery = this.options.shipments > 100_000 ? Number.POSITIVE_INFINITY : SAMPLE_MS;
      const samples: Array<Map<string, { fresh: number; all: number }>> = [];
      let nextSample = from;
      let nextDueCheck = from;
      while (Date.now() < until) {
        await postgres.sample();
        probe();
        if (Date.now() >= nextSample) {
          samples.push(await this.sampleAdherence(db));
          nextSample += sampleEvery;
        }
        if (Date.now() >= nextDueCheck) {
          await this.markRefreshed(db, due);
          nextDueCheck += SAMPLE_MS;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(PROBE_MS, Math.max(0, until - Date.now()))));
      }
      const to = Date.now();
      await this.markRefreshed(db, due);
      if (samples.length === 0 || sampleEvery === Number.POSITIVE_INFINITY) samples.push(await this.sampleAdherence(db));
      probe();
      const cpuFigures = cpu.figures();
      const postgresFigures = await postgres.figures();
      // Deliveries of changes made near the end get a moment to arrive before the logs are read.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const adherence = dueAdherence([...due.values()], {
        cadence: this.cadence,
        jitterRatio: JITTER_RATIO,
        tickMs: SCHEDULER_TICK_MS,
        windowEnd: to,
      });
      const logs = this.figures(carriers, receiverLog, samples, from, to, adherence);
      const used = (group: string): number => cpuFigures.byGroup.get(group) ?? 0;
      const cpuByRole: CpuFigures = {
        cores: cpuFigures.cores,
        busyCores: cpuFigures.busyCores,
        workers: used('workers'),
        postgres: used('postgres'),
        api: used('api'),
        dispatcher: used('dispatcher'),
        others: used('others'),
      };
      const { byCarrier: _byCarrier, ...dueFigures } = adherence;
      return {
        workers,
        loadBefore,
        loadAfter: load(),
        ...logs,
        due: dueFigures,
        cpu: cpuByRole,
        postgres: postgresFigures,
        binds: whatBinds({
          cores: cpuByRole.cores,
          busyCores: cpuByRole.busyCores,
          workers,
          workerCores: cpuByRole.workers,
          postgresCores: cpuByRole.postgres,
          otherBenchCores: cpuByRole.api + cpuByRole.dispatcher + cpuByRole.others,
          backendStates: postgresFigures.states,
          samples: postgresFigures.samples,
          quotasAtLimit: logs.carriers.flatMap((carrier) => {
            const limits = [
              ...(carrier.maxIn60s >= 0.95 * carrier.requestsPerMinute ? ['requestsPerMinute'] : []),
              ...(carrier.maxInFlight >= carrier.maxConcurrency ? ['maxConcurrency'] : []),
            ];
            return limits.length === 0 ? [] : [{ scac: carrier.scac, limits }];
          }),
        }),
      };
    } finally {
      for (const worker of processes) await stopChild(worker);
    }
  }

  private figures(
    carriers: CarrierRuntime[],
    receiverLog: string,
    samples: Array<Map<string, { fresh: number; all: number }>>,
    from: number,
    to: number,
    due: DueAdherence,
  ): Omit<FreshnessRun, 'workers' | 'loadBefore' | 'loadAfter' | 'due' | 'cpu' | 'postgres' | 'binds'> {
    const hours = (to - from) / 3_600_000;
    const share = (scac: string | null): number | null => {
      let fresh = 0;
      let all = 0;
      for (const sample of samples)
        for (const [key, value] of sample)
          if (scac === null || key === scac) {
            fresh += value.fresh;
            all += value.all;
          }
      return all === 0 ? null : fresh / all;
    };
    // First receipt of each (shipment, estimate): a signed post of a moved estimate.
    const received = new Map<string, number>();
    for (const receipt of readLines<Receipt>(receiverLog)) {
      if (!receipt.signed || typeof receipt.billOfLading !== 'string' || typeof receipt.estimated !== 'string') continue;
      const version = Math.round((Date.parse(receipt.estimated) - this.etaAnchor) / 60_000);
      const key = `${Number(receipt.billOfLading.slice(4))}:${version}`;
      if (!received.has(key)) received.set(key, receipt.at);
    }
    const pushed: number[] = [];
    const polled: number[] = [];
    let pushedChanges = 0;
    let polledChanges = 0;
    const figures = carriers.map((carrier): CarrierFigures => {
      const lines = readLines<LogLine>(carrier.logFile);
      const requests = lines.filter((line) => line.kind === 'request' && line.at >= from && line.at < to);
      if (carrier.plan.push) {
        for (const line of lines)
          if (line.kind === 'push' && line.at >= from && line.at < to && line.status === 200) {
            pushedChanges += 1;
            const at = received.get(`${line.ordinal}:${line.version}`);
            if (at !== undefined) pushed.push(at - line.at);
          }
      } else {
        // Polled: from the end of the first answer that carried the moved estimate.
        const seen = new Map<string, number>();
        for (const line of lines)
          if (line.kind === 'request' && line.status === 200 && (line.version ?? 0) > 0) {
            const key = `${line.ordinal}:${line.version}`;
            if (!seen.has(key)) seen.set(key, line.end ?? line.at);
          }
        for (const [key, at] of seen)
          if (at >= from && at < to) {
            polledChanges += 1;
            const receivedAt = received.get(key);
            if (receivedAt !== undefined) polled.push(receivedAt - at);
          }
      }
      return {
        scac: carrier.plan.scac,
        version: carrier.plan.version,
        push: carrier.plan.push,
        requestsPerMinute: carrier.requestsPerMinute,
        maxConcurrency: carrier.plan.maxConcurrency,
        adherence: share(carrier.plan.scac),
        requestsPerHour: requests.length / hours,
        maxIn60s: maxInWindow(
          requests.map((line) => line.at),
          60_000,
        ),
        maxInFlight: maxOverlap(requests.map((line) => ({ start: line.at, end: line.end ?? line.at }))),
        dueAdherence: ((judged) => (judged === undefined || judged.judged === 0 ? null : judged.onTime / judged.judged))(
          due.byCarrier.get(carrier.plan.scac),
        ),
      };
    });
    const latency = (values: number[], changes: number): LatencyFigures => ({
      changes,
      received: values.length,
      p50Ms: percentile(values, 50),
      p95Ms: percentile(values, 95),
      p99Ms: percentile(values, 99),
    });
    return {
      adherence: share(null),
      requestsPerHour: figures.reduce((sum, carrier) => sum + carrier.requestsPerHour, 0),
      pushedPerSecond: pushedChanges / ((to - from) / 1000),
      carriers: figures,
      pushed: latency(pushed, pushedChanges),
      polled: latency(polled, polledChanges),
    };
  }
}
