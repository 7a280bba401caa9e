import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';

export interface LoopOptions {
  concurrency: number;
  durationMs: number;
  /** Upper bound on operations whatever the duration, so a loop always ends. */
  maxOperations: number;
}

export interface LoopResult {
  operations: number;
  errors: number;
  /** First error message, to say what went wrong. */
  firstError: string | null;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

/**
 * Runs `operation` from `concurrency` workers until the duration or the operation budget is
 * used up, and measures each call. A failing call is counted, not retried: the caller decides
 * whether a result with errors counts.
 */
export async function runTimedLoop(operation: (index: number) => Promise<void>, options: LoopOptions): Promise<LoopResult> {
  const latencies: number[] = [];
  let started = 0;
  let errors = 0;
  let firstError: string | null = null;
  const begin = performance.now();
  const deadline = begin + options.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline && started < options.maxOperations) {
      const index = started++;
      const at = performance.now();
      try {
        await operation(index);
        latencies.push(performance.now() - at);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const seconds = (performance.now() - begin) / 1000;
  return {
    operations: latencies.length,
    errors,
    firstError,
    seconds,
    opsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
