/**
 * `npm run bench`: each hot path side by side with the bare limit of its stack, at each size of
 * BENCH_SIZES (see bench/README.md). Everything runs on 127.0.0.1 in a database and Redis
 * prefix of its own, both removed at the end; every loop is bounded in time and count.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@quayside/platform';
import { ApiBench } from './api/api-bench';
import { BenchConfig } from './bench.config';
import { createBenchDatabase } from './database/bench-database';
import type { BenchDatabase } from './database/bench-database';
import { seedBase } from './database/bench-ids';
import { checkpointsBetween, describeServer, readCheckpoints, readServerSettings } from './database/server-settings';
import type { CheckpointCount, ServerSettings } from './database/server-settings';
import { createBenchAccount, growContainers } from './database/seed-containers';
import { measureIdleMemory } from './memory/idle-memory';
import type { IdleReading } from './memory/idle-memory';
import { APPS, formatMemoryTable, overBudget } from './memory/memory-budget';
import type { AppMemory } from './memory/memory-budget';
import { formatTable } from './report/results-table';
import type { ResultRow } from './report/results-table';
import { writeResults } from './report/write-results';
import { ROOT } from './support/child-process';
import type { AppName } from './support/child-process';
import { loadAverage } from './support/load-average';
import { deleteRedisPrefix } from './support/redis-prefix';
import { FreshnessBench } from './freshness/freshness-bench';
import { formatFreshnessTable } from './freshness/freshness-table';
import { TrackerBench } from './tracker/tracker-bench';
import { TrackerWorkerBench } from './tracker/tracker-worker-bench';
import { NotificationBench } from './webhooks/notification-bench';
import { WebhookBench } from './webhooks/webhook-bench';

/** What the child processes inherit; everything else they get is set explicitly. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  // The one place the bench reads its environment.
  const config = loadConfig('bench', BenchConfig, process.env);
  const inherited = Object.fromEntries(
    INHERITED.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  ) as Record<string, string>;
  if (config.BENCH_HOT_PATHS === 'true') await runHotPaths(config, inherited);
  else execFileSync(process.execPath, ['tools/build.js'], { cwd: ROOT, stdio: 'ignore' });
  if (config.BENCH_FRESHNESS_SHIPMENTS > 0) await runFreshness(config, inherited);
}

/**
 * The freshness scenario (bench/README.md, "Freshness at scale"), after the hot paths, on a
 * database and Redis prefix of its own; a quota exceeded on a carrier's own log fails the run.
 */
async function runFreshness(config: BenchConfig, inherited: Record<string, string>): Promise<void> {
  const freshness = new FreshnessBench({
    serverUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    redisPrefix: `quayside-bench-${randomBytes(4).toString('hex')}`,
    inherited,
    shipments: config.BENCH_FRESHNESS_SHIPMENTS,
    measureSeconds: config.BENCH_FRESHNESS_SECONDS,
    workerCounts: config.freshnessWorkers,
    pushPerSecond: config.BENCH_FRESHNESS_PUSH_RATE,
    polledChangesPerSecond: config.BENCH_FRESHNESS_POLLED_CHANGES,
    cadenceDivisor: config.BENCH_FRESHNESS_CADENCE_DIVISOR,
    mix: config.BENCH_FRESHNESS_MIX,
  });
  process.once('SIGINT', () => {
    console.error('\ninterrupted: removing the freshness database and Redis keys');
    void freshness.stop().finally(() => process.exit(130));
  });
  console.log(`\n${freshness.describe()} (load ${loadAverage()})`);
  const phase = performance.now();
  let result: Awaited<ReturnType<FreshnessBench['run']>>;
  try {
    result = await freshness.run((line) => process.stdout.write(line));
  } finally {
    await freshness.stop();
  }
  console.log(`\n\nfreshness (${seconds(phase)}, the seed ${result.seedSeconds.toFixed(0)} s):\n${formatFreshnessTable(result.runs)}\n`);
  if (result.quotaBreaches.length > 0) {
    console.error(`Carrier quota exceeded (the carriers' own logs):\n${result.quotaBreaches.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log("every carrier's quota held on its own log (requests in any 60 s ≤ requestsPerMinute, in flight ≤ maxConcurrency)");
}

async function runHotPaths(config: BenchConfig, inherited: Record<string, string>): Promise<void> {
  const sizes = [...new Set(config.sizes)].sort((a, b) => a - b);
  const redisPrefix = `quayside-bench-${randomBytes(4).toString('hex')}`;
  const startedAt = new Date();
  // Other work on the machine moves every figure: the load before the run says how quiet it was.
  const load = loadAverage();
  console.log(
    `Quayside bench: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load ${load}, Node ${process.version}, sizes ${sizes.join(', ')} containers`,
  );
  // The apps run from the production build, as deployed (docs/architecture.md, "Memory").
  execFileSync(process.execPath, ['tools/build.js'], { cwd: ROOT, stdio: 'ignore' });

  let db: BenchDatabase | null = null;
  let webhooks: WebhookBench | null = null;
  let carrier: TrackerWorkerBench | null = null;
  const cleanUp = async (): Promise<void> => {
    await webhooks?.stop().catch(() => undefined);
    await carrier?.stop().catch(() => undefined);
    await db?.drop().catch((error: unknown) => console.error(`could not drop ${db?.name}: ${String(error)}`));
    await deleteRedisPrefix(config.REDIS_URL, redisPrefix).catch(() => undefined);
  };
  process.once('SIGINT', () => {
    console.error('\ninterrupted: removing the bench database and Redis keys');
    void cleanUp().finally(() => process.exit(130));
  });

  const rows: ResultRow[] = [];
  // The highest peak RSS of each app's processes under load, from the rows of the phase that ran it.
  const peaks = new Map<AppName, number>();
  let idle: IdleReading[] = [];
  let server: { settings: ServerSettings; checkpointsBefore: CheckpointCount } | null = null;
  let checkpointsAfter: CheckpointCount | null = null;
  try {
    let phase = performance.now();
    db = await createBenchDatabase(config.DATABASE_URL);
    server = { settings: await readServerSettings(db.dataSource), checkpointsBefore: await readCheckpoints(db.dataSource) };
    const account = await createBenchAccount(db.dataSource);
    console.log(describeServer(server.settings));
    console.log(`database ${db.name}, Redis prefix ${redisPrefix} (${seconds(phase)})`);
    const appEnv = { ...inherited, DATABASE_URL: db.url, REDIS_URL: config.REDIS_URL, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'silent' };
    const api = new ApiBench({
      databaseUrl: db.url,
      accountId: account.accountId,
      key: account.key,
      connections: config.BENCH_CONNECTIONS,
      durationSeconds: config.BENCH_DURATION_SECONDS,
      rounds: config.BENCH_ROUNDS,
      apiEnv: appEnv,
    });
    const tracker = new TrackerBench(db.workerDataSource, db.url, account.accountId, {
      durationMs: config.BENCH_DURATION_SECONDS * 1000,
      rounds: config.BENCH_ROUNDS,
      concurrency: config.BENCH_TRACKER_CONCURRENCY,
    });
    const webhookBench = new WebhookBench(db.dataSource, account.accountId, {
      durationMs: config.BENCH_DURATION_SECONDS * 1000,
      rounds: config.BENCH_ROUNDS,
      concurrency: config.BENCH_WEBHOOK_CONCURRENCY,
      dispatcherDeliveries: config.BENCH_DISPATCHER_DELIVERIES,
      dispatcherEnv: appEnv,
    });
    // At rest first, before any load has grown a heap: the three apps side by side on the empty account.
    phase = performance.now();
    idle = await measureIdleMemory(appEnv, config.BENCH_IDLE_SECONDS);
    console.log(`idle memory, ${config.BENCH_IDLE_SECONDS} s after ready (${seconds(phase)})`);
    webhooks = webhookBench;
    await webhookBench.start();
    const base = seedBase(new Date());
    const trackerWorker = new TrackerWorkerBench(db.dataSource, account.accountId, {
      refreshes: config.BENCH_TRACKER_WORKER_REFRESHES,
      workerEnv: appEnv,
      seedBase: base,
    });
    carrier = trackerWorker;
    await trackerWorker.start();

    let seeded = 0;
    for (const size of sizes) {
      phase = performance.now();
      const previousSize = seeded;
      await growContainers(db.dataSource, { accountId: account.accountId, base }, seeded, size, (done) =>
        process.stdout.write(`\rseeding: ${done.toLocaleString('en-US')} containers`),
      );
      seeded = size;
      console.log(` (${seconds(phase)})`);
      // Servers of one phase are stopped before the next starts: no relay publishes another phase's rows.
      for (const [name, app, measure] of [
        ['list and get endpoints', 'api', () => api.run(size)],
        [
          'tracker refreshes',
          'tracker-worker',
          async () => {
            // The worker first: it refreshes shipments no other phase has touched yet.
            const endToEnd = await trackerWorker.run(size, previousSize);
            const inProcess = await tracker.run(size);
            return [
              ...inProcess,
              { ...inProcess[0]!, hotPath: 'tracker refresh (worker process, DCSA carrier, end to end)', quayside: endToEnd },
            ];
          },
        ],
        ['webhook deliveries', 'webhook-dispatcher', () => webhookBench.run(size)],
      ] as const) {
        phase = performance.now();
        const measured = await measure();
        rows.push(...measured);
        for (const row of measured)
          if (row.quayside.peakRssMb !== undefined && row.quayside.peakRssMb !== null)
            peaks.set(app, Math.max(peaks.get(app) ?? 0, row.quayside.peakRssMb));
        console.log(`${name} at ${size.toLocaleString('en-US')} containers (${seconds(phase)})`);
      }
    }
    if (config.BENCH_NOTIFICATIONS > 0) {
      // After every size: the account's history of notifications, then its list and redelivery.
      phase = performance.now();
      await webhookBench.stop();
      await trackerWorker.stop();
      const notifications = new NotificationBench({
        databaseUrl: db.url,
        dataSource: db.dataSource,
        accountId: account.accountId,
        key: account.key,
        base,
        containers: seeded,
        connections: config.BENCH_CONNECTIONS,
        durationSeconds: config.BENCH_DURATION_SECONDS,
        rounds: config.BENCH_ROUNDS,
        apiEnv: appEnv,
      });
      rows.push(
        ...(await notifications.run(config.BENCH_NOTIFICATIONS, (done) =>
          process.stdout.write(`\rseeding: ${done.toLocaleString('en-US')} notifications`),
        )),
      );
      console.log(
        `\nnotification list and redelivery at ${config.BENCH_NOTIFICATIONS.toLocaleString('en-US')} notifications (${seconds(phase)})`,
      );
    }
    checkpointsAfter = await readCheckpoints(db.dataSource);
  } finally {
    await cleanUp();
  }

  console.log(`\n${formatTable(rows)}\n`);
  const memory: AppMemory[] = APPS.map((app) => {
    const reading = idle.find((one) => one.app === app);
    return { app, idleRssMb: reading?.lastMb ?? null, idleRangeMb: reading?.rangeMb ?? null, peakRssMb: peaks.get(app) ?? null };
  });
  console.log(`${formatMemoryTable(memory, config.BENCH_IDLE_SECONDS)}\n`);
  const postgres =
    server === null
      ? null
      : {
          ...server.settings,
          // Seeding ends with a checkpoint of its own (seed-containers.ts): those are counted too.
          checkpointsDuringRun: checkpointsAfter === null ? null : checkpointsBetween(server.checkpointsBefore, checkpointsAfter),
        };
  const file = writeResults(rows, { startedAt, sizes, config, postgres, memory });
  console.log(`written to ${file}`);
  const failed = rows.flatMap((row) =>
    (['quayside', 'bare'] as const).flatMap((side) =>
      row[side].errors > 0 ? [`${row.hotPath} at ${row.size} (${side}): ${row[side].firstError ?? 'errors'}`] : [],
    ),
  );
  if (failed.length > 0) {
    console.error(`Measurements with errors (not valid):\n${failed.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
  const breaches = overBudget(memory);
  if (breaches.length > 0) {
    console.error(`Memory over budget (docs/architecture.md, "Memory"):\n${breaches.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
