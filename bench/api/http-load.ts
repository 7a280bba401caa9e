import autocannon from 'autocannon';
import type { Measurement } from '../report/results-table';

export interface LoadOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:4000 */
  origin: string;
  /** Paths requested in turn, one per request (several spread reads over many rows). */
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** GET unless said (a redelivery is a POST without a body). */
  method?: 'GET' | 'POST';
}

const WARM_UP_SECONDS = 1;

async function fire(options: LoadOptions, durationSeconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: options.origin,
    connections: options.connections,
    duration: durationSeconds,
    headers: options.headers,
    requests: [
      { method: options.method ?? 'GET', setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length]! }) },
    ],
  });
}

/** A short unmeasured load first: JIT, connection pools and caches warm. */
export async function warmUpHttp(options: LoadOptions): Promise<void> {
  await fire(options, WARM_UP_SECONDS);
}

/** Requests per second and latency with autocannon; answers other than 2xx and connection errors count as errors. */
export async function measureHttp(options: LoadOptions): Promise<Measurement> {
  const result = await fire(options, options.durationSeconds);
  const errors = result.non2xx + result.errors;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stats]) => `${stats.count ?? 0} × ${code}`);
  return {
    throughput: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    operations: result['2xx'],
    errors,
    firstError: errors === 0 ? null : [...codes, result.errors > 0 ? `${result.errors} connection errors` : ''].filter(Boolean).join(', '),
  };
}
