/** What one carrier server of the freshness scenario is told (bench/servers/freshness-carrier.server.ts). */
export interface FreshnessCarrierSettings {
  scac: string;
  version: '2.2' | '3.0';
  /** This carrier answers the ordinals ≡ index (mod count) below `shipments`. */
  index: number;
  count: number;
  shipments: number;
  /** Where the seeded history starts (epoch ms), as bench/database/seed-containers.ts stored it. */
  seedBase: number;
  /** The arrival estimate of version 0 (epoch ms); each later version is one minute later. */
  etaAnchor: number;
  minLatencyMs: number;
  maxLatencyMs: number;
  /** Estimates a polled carrier moves per second (spread at random over its shipments). */
  changesPerSecond: number;
  /** A pushing carrier: where and how often it pushes a moved estimate. */
  push: { url: string; token: string; perSecond: number } | null;
  /** JSON lines: every request answered, change made and push sent. */
  logFile: string;
}
