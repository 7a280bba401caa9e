/** The freshness scenario's fixed settings (bench/README.md, "Freshness at scale"): its carriers, their quotas and the tracker's timing. */

export const JITTER_RATIO = 0.2;
export const SCHEDULER_TICK_MS = 5_000;
export const WARM_UP_MS = 30_000;
export const SAMPLE_MS = 5_000;
/** Postgres' activity and the processes' CPU are sampled more often than adherence: a wait lasts milliseconds. */
export const PROBE_MS = 1_000;
/** Stale after the next refresh with its jitter and this (the tracker's own grace: a tick and two minutes). */
export const GRACE_SECONDS = (SCHEDULER_TICK_MS + 120_000) / 1000;
export const LATENCY = { minLatencyMs: 200, maxLatencyMs: 800 };

export interface CarrierPlan {
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
export const CARRIERS: readonly CarrierPlan[] = [
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
