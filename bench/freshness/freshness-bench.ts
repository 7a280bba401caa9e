import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWebhookSecret } from '@quayside/webhooks';
import type { RefreshCadence } from '@quayside/domain';
import { createBenchDatabase } from '../database/bench-database';
import type { BenchDatabase } from '../database/bench-database';
import { seedBase } from '../database/bench-ids';
import { loadAverage } from '../support/load-average';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { ARRIVING_MIX, DOCUMENTED_MIX, phaseShares, refreshesPerMinute } from './freshness-cadence';
import type { PhaseMix } from './freshness-cadence';
import { AutovacuumStandIn } from './autovacuum-stand-in';
import { FreshnessProcesses } from './freshness-processes';
import type { CarrierRuntime } from './freshness-processes';
import { quotaBreaches } from './freshness-report';
import type { FreshnessRun } from './freshness-report';
import { CARRIERS, GRACE_SECONDS, JITTER_RATIO, LATENCY, WARM_UP_MS } from './freshness-scenario';
import type { FreshnessOptions } from './freshness-scenario';
import { seedFreshness } from './freshness-seed';
import { cadenceSetting, compressedCadence } from './freshness-stats';
import { FreshnessWindow } from './freshness-window';

/**
 * The freshness scenario (bench/README.md, "Freshness at scale"): seeded active shipments spread over
 * six local DCSA carriers with quotas (freshness-scenario.ts), the api taking pushes, a
 * webhook-dispatcher delivering to a signing-checking receiver (freshness-processes.ts), and 1, 2,
 * 4… tracker-worker processes in turn (freshness-window.ts), all from the production build, in a
 * database and Redis prefix of its own; the figures come from the processes' own logs
 * (freshness-report.ts).
 */
export class FreshnessBench {
  private readonly cadence: RefreshCadence;
  private readonly mix: PhaseMix;
  private db: BenchDatabase | null = null;
  private processes: FreshnessProcesses | null = null;
  private standIn: AutovacuumStandIn | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'quayside-freshness-'));
  private readonly etaAnchor = Date.now() + 86_400_000;

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
        dcsa30Scacs: CARRIERS.filter((c) => c.version === '3.0').map((c) => c.scac),
        etaAt: new Date(this.etaAnchor),
        mix: this.mix,
        cadence: this.cadence,
        jitterRatio: JITTER_RATIO,
        graceSeconds: GRACE_SECONDS,
      },
      (done) => progress(`\rseeding freshness: ${done.toLocaleString('en-US')} shipments`),
    );
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    progress(`\nseeded ${shipments.toLocaleString('en-US')} shipments in ${seedSeconds.toFixed(0)} s (load ${loadAverage()})`);
    this.standIn = await AutovacuumStandIn.start(db.dataSource);
    progress(
      this.standIn.active
        ? "\nthe server runs without autovacuum: the scenario ANALYZEs its tables by autovacuum's rule (every 10 s for a minute, then every minute)"
        : "\nstatistics: the server's autovacuum",
    );
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
    this.processes = new FreshnessProcesses(this.dir, {
      ...this.options.inherited,
      DATABASE_URL: db.url,
      REDIS_URL: this.options.redisUrl,
      REDIS_PREFIX: this.options.redisPrefix,
      LOG_LEVEL: 'silent',
    });
    const processes = this.processes;
    const receiver = await processes.startReceiver(secret);
    await db.dataSource.query(`INSERT INTO webhooks (account_id, url, events, secret) VALUES ($1, $2, $3, $4)`, [
      account.accountId,
      `http://127.0.0.1:${receiver.port}/hooks/freshness`,
      ['shipment.estimated.arrival'],
      secret,
    ]);

    const tokens = Object.fromEntries(
      CARRIERS.filter((c) => c.push).map((c) => [c.scac, `${c.scac.toLowerCase()}-bench-push-token-${secret.slice(-8)}`]),
    );
    const apiPort = await processes.startApps(tokens);

    const running: CarrierRuntime[] = [];
    for (const [index, { plan, requestsPerMinute }] of carriers.entries()) {
      running.push(
        await processes.startCarrier(plan, requestsPerMinute, {
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
        }),
      );
    }

    const window = new FreshnessWindow({
      db,
      processes,
      carriers: running,
      receiverLog: receiver.log,
      cadence: this.cadence,
      shipments,
      measureSeconds: this.options.measureSeconds,
      etaAnchor: this.etaAnchor,
    });
    const runs: FreshnessRun[] = [];
    for (const workers of this.options.workerCounts) {
      progress(`\nfreshness: ${workers} tracker-worker(s)`);
      runs.push(await window.measure(workers));
    }
    return { runs, quotaBreaches: quotaBreaches(running), seedSeconds };
  }

  async stop(): Promise<void> {
    await this.standIn?.stop();
    await this.processes?.stop();
    await this.db?.drop().catch((error: unknown) => console.error(`could not drop ${this.db?.name}: ${String(error)}`));
    await deleteRedisPrefix(this.options.redisUrl, this.options.redisPrefix).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
