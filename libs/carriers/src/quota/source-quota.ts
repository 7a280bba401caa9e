/** A source as its quota is kept: `carrier:MAEU`, `terminal:W185`. */
export interface SourceRef {
  kind: 'carrier' | 'terminal' | 'rail';
  code: string;
}

/** The limits of one source, for every worker process together (docs/carriers.md, "Limits"). */
export interface SourceLimits {
  /** Requests in flight at once. */
  maxConcurrency: number;
  /** Requests started per rolling window; null: no rate limit. */
  requestsPerWindow: number | null;
  windowMs: number;
  /** A lease not released within this is dropped (its worker died): longer than the slowest request. */
  leaseMs: number;
}

export type QuotaAnswer =
  | { kind: 'granted'; callId: string }
  /** `slotsFull`: every slot is leased (a release may come any time); else the window is full until `waitMs`. */
  | { kind: 'wait'; waitMs: number; slotsFull: boolean }
  | { kind: 'paused'; pausedForMs: number };

/** What a source's quota holds now (metrics, the health of a source). */
export interface SourceQuotaUsage {
  /** Requests started in the current rolling window, by every worker. */
  requestsInWindow: number;
  requestsPerWindow: number | null;
  windowMs: number;
  /** Requests in flight now, by every worker. */
  inFlight: number;
  maxConcurrency: number;
  /** How long the source stays paused (its 429 / Retry-After); 0 when it is not. */
  pausedForMs: number;
}

/** Where the shared quota lives (Redis in production). */
export interface SourceQuotaStore {
  acquire(source: SourceRef, limits: SourceLimits): Promise<QuotaAnswer>;
  release(source: SourceRef, callId: string): Promise<void>;
  /** Leaves the source alone for `ms` from now, in every worker; returns how long it stays paused. */
  pause(source: SourceRef, ms: number): Promise<number>;
  usage(source: SourceRef, limits: SourceLimits): Promise<SourceQuotaUsage>;
}
