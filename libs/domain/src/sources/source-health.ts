import type { TransientFailureReason } from '../tracking-request/tracking-outcome';
import type { SourceKind } from './tracking-source';

/**
 * Why a source did not answer usefully, as an operator acts on it (docs/carriers.md, "Source
 * health"): its credentials were refused, its quota was spent (429), it could not be reached (or
 * answered 5xx), its answer could not be read, or our adapter failed on it.
 */
export const SOURCE_ERROR_CLASSES = ['auth_refused', 'quota', 'unreachable', 'unrecognized_answer', 'adapter_error'] as const;
export type SourceErrorClass = (typeof SOURCE_ERROR_CLASSES)[number];

/** The class of a transient failure whose adapter did not name one. */
export function errorClassOfReason(reason: TransientFailureReason): SourceErrorClass {
  switch (reason) {
    case 'shipping_line_unreachable':
      return 'unreachable';
    case 'unrecognized_response':
      return 'unrecognized_answer';
    case 'internal_processing_error':
      return 'adapter_error';
  }
}

/** What one call of a source ended with, as the tracker-worker records it. */
export type SourceCallResult = { ok: true } | { ok: false; errorClass: SourceErrorClass; detail: string };

/** One source's health as stored (every tracker-worker process writes it; docs/carriers.md, "Source health"). */
export interface SourceHealth {
  kind: SourceKind;
  /** SCAC or FIRMS code. */
  code: string;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastErrorClass: SourceErrorClass | null;
  /** For operators only (may name hosts and statuses); never shown to accounts. */
  lastErrorDetail: string | null;
  /** The first failed call since the last success; null while the last call succeeded. */
  failingSince: Date | null;
  /** When the outage now running was declared (logged once, its operator notice queued); null when none was. */
  outageNotifiedAt: Date | null;
  /** Calls and failed calls in the error-rate window. */
  recentCalls: number;
  recentErrors: number;
  /** Its quota as the fleet uses it, as a tracker-worker last read it; null when none did (docs/carriers.md, "Limits"). */
  quota: SourceQuotaUse | null;
}

/** A source's quota in use across every tracker-worker, read from the shared quota at `readAt`. */
export interface SourceQuotaUse {
  requestsInWindow: number;
  /** Its `requestsPerMinute`; null when it has no rate limit. */
  requestsPerWindow: number | null;
  windowMs: number;
  inFlight: number;
  maxConcurrency: number;
  /** Until when the source paused us (its 429 / Retry-After); null when it does not. */
  pausedUntil: Date | null;
  readAt: Date;
}

/** The window the error rate is counted over. */
export const SOURCE_ERROR_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Share of the window's calls that failed; null when the source was not called in it. */
export function sourceErrorRate(health: Pick<SourceHealth, 'recentCalls' | 'recentErrors'>): number | null {
  return health.recentCalls === 0 ? null : health.recentErrors / health.recentCalls;
}

/**
 * What a source's health comes to: `unknown` before its first call, `ok` when its newest call
 * succeeded, `failing` while its calls fail, `down` once the outage was declared to the operator
 * (the tracker-worker decides that with SOURCE_DOWN_AFTER_SECONDS, docs/carriers.md).
 */
export type SourceStatus = 'unknown' | 'ok' | 'failing' | 'down';

export function sourceStatus(
  health: Pick<SourceHealth, 'lastSuccessAt' | 'lastErrorAt' | 'failingSince' | 'outageNotifiedAt'>,
): SourceStatus {
  if (health.failingSince !== null)
    return health.outageNotifiedAt !== null && health.outageNotifiedAt >= health.failingSince ? 'down' : 'failing';
  return health.lastSuccessAt === null && health.lastErrorAt === null ? 'unknown' : 'ok';
}
