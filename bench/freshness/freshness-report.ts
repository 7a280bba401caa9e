import { readFileSync } from 'node:fs';
import { percentile } from '../support/percentile';
import type { DueAdherence } from './due-adherence';
import type { CarrierRuntime } from './freshness-processes';
import type { AdherenceSample } from './freshness-sampling';
import { maxInWindow, maxOverlap } from './freshness-stats';
import type { PostgresFigures } from './postgres-activity';

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

/** A line of a carrier server's log (bench/servers/freshness-carrier.server.ts). */
interface LogLine {
  kind: 'request' | 'change' | 'push';
  at: number;
  end?: number;
  ordinal: number;
  version: number | null;
  status?: number;
}

/** A line of the receiver's log (bench/servers/freshness-receiver.server.ts). */
interface Receipt {
  at: number;
  signed: boolean;
  event: unknown;
  billOfLading: unknown;
  estimated: unknown;
}

/** What one measured window read from the logs, and where to look. */
export interface WindowLogs {
  carriers: CarrierRuntime[];
  receiverLog: string;
  samples: AdherenceSample[];
  from: number;
  to: number;
  due: DueAdherence;
  /** The arrival estimate of version 0 (epoch ms), as the carriers were told. */
  etaAnchor: number;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);

/** A window's adherence, requests and change → webhook latencies, from the carriers' and the receiver's own logs. */
export function logFigures({
  carriers,
  receiverLog,
  samples,
  from,
  to,
  due,
  etaAnchor,
}: WindowLogs): Omit<FreshnessRun, 'workers' | 'loadBefore' | 'loadAfter' | 'due' | 'cpu' | 'postgres' | 'binds'> {
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
    const version = Math.round((Date.parse(receipt.estimated) - etaAnchor) / 60_000);
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

/** The quota over the whole scenario, from each carrier's own log: what exceeded it. */
export function quotaBreaches(carriers: readonly CarrierRuntime[]): string[] {
  return carriers.flatMap((carrier) => {
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
}
