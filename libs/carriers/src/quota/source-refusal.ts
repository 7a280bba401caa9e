import { retryAfterMs } from '../http/retry-after';
import type { SourceBackoffError } from './source-backoff.error';
import type { SourceGate } from './source-gate';

/** The pause after a 429 that does not say for how long. */
const DEFAULT_PAUSE_MS = 60_000;

/**
 * A source's "leave me alone": a 429, or a 503 naming a `Retry-After`, pauses the source for
 * every worker as long as it names (docs/carriers.md, "Limits"). Returns the error to throw, its
 * class set for the source's health (this call failed); null for any other answer. Every HTTP
 * adapter (carrier, terminal, rail) reads its refusals here, so they all pause alike.
 */
export async function pauseOnRefusal(
  gate: SourceGate | undefined,
  statusCode: number,
  retryAfter: string | null,
  now: Date = new Date(),
): Promise<SourceBackoffError | null> {
  if (gate === undefined) return null;
  const pauseMs = retryAfterMs(retryAfter, now);
  if (statusCode !== 429 && !(statusCode === 503 && pauseMs !== null)) return null;
  const backoff = await gate.pause(pauseMs ?? DEFAULT_PAUSE_MS);
  backoff.answeredWith = statusCode === 429 ? 'quota' : 'unreachable';
  return backoff;
}
