import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchConfig } from '../bench.config';
import type { CheckpointCount, ServerSettings } from '../database/server-settings';
import type { AppMemory } from '../memory/memory-budget';
import { throughputRatio } from './results-table';
import type { ResultRow } from './results-table';

export const RESULTS_DIR = resolve(__dirname, '../results');

/** Writes the run as `bench/results/<timestamp>.json` (git-ignored) and returns the file. */
export function writeResults(
  rows: readonly ResultRow[],
  run: {
    startedAt: Date;
    sizes: number[];
    config: BenchConfig;
    postgres: (ServerSettings & { checkpointsDuringRun: CheckpointCount | null }) | null;
    memory: readonly AppMemory[];
  },
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${run.startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const document = {
    loadAverageAtEnd: loadavg(),
    startedAt: run.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? null,
      memoryBytes: totalmem(),
      node: process.version,
      platform: process.platform,
    },
    postgres: run.postgres,
    settings: {
      sizes: run.sizes,
      durationSeconds: run.config.BENCH_DURATION_SECONDS,
      rounds: run.config.BENCH_ROUNDS,
      connections: run.config.BENCH_CONNECTIONS,
      trackerConcurrency: run.config.BENCH_TRACKER_CONCURRENCY,
      trackerWorkerRefreshes: run.config.BENCH_TRACKER_WORKER_REFRESHES,
      webhookConcurrency: run.config.BENCH_WEBHOOK_CONCURRENCY,
      dispatcherDeliveries: run.config.BENCH_DISPATCHER_DELIVERIES,
      idleSeconds: run.config.BENCH_IDLE_SECONDS,
    },
    memory: run.memory,
    rows: rows.map((row) => ({ ...row, ratio: throughputRatio(row) })),
  };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
