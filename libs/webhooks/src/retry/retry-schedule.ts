/** Retries after the first attempt; attempt 13 is the last, then the notification is `failed`. */
export const WEBHOOK_MAX_RETRIES = 12;

const MINUTE_MS = 60_000;

/**
 * Nominal wait before retry n (index n-1): one minute doubling to 2048 minutes. Summed:
 * 4095 minutes = 2 days 20 h 15 min, "about three days" (table in docs/webhooks.md).
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Array.from({ length: WEBHOOK_MAX_RETRIES }, (_, i) => MINUTE_MS * 2 ** i);

/** Each wait is drawn uniformly within ±20% of nominal, so receivers recovering from an outage are not hit in lockstep. */
export const WEBHOOK_RETRY_JITTER = 0.2;

/** A receiver that is rate limiting us or too slow to answer gets at least this long. */
export const WEBHOOK_SLOW_DOWN_FLOOR_MS = MINUTE_MS;

/** Bounds on a receiver's `Retry-After`: never sooner than the floor, never later than this. */
export const WEBHOOK_RETRY_AFTER_CAP_MS = 6 * 60 * MINUTE_MS;

/** How an attempt failed, as far as retry timing cares. */
export type AttemptFailureKind = 'rate-limited' | 'timeout' | 'other';

export interface RetryInput {
  /** Attempts made so far, including the one that just failed (1 after the first attempt). */
  attemptsMade: number;
  failure: AttemptFailureKind;
  /** The receiver's `Retry-After` in milliseconds, when it sent one we could read. */
  retryAfterMs?: number | null;
  /** Multiplies every wait; 1 in production, small in tests (`WEBHOOK_RETRY_SCALE`). */
  scale?: number;
  /** [0, 1); injected so tests are deterministic. */
  random?: () => number;
}

export type RetryDecision = { retry: true; retryNumber: number; delayMs: number } | { retry: false };

/** When to try a failed notification again, or that its retries are used up. */
export function nextRetry(input: RetryInput): RetryDecision {
  const retryNumber = input.attemptsMade;
  if (retryNumber < 1 || retryNumber > WEBHOOK_MAX_RETRIES) return { retry: false };
  const nominal = WEBHOOK_RETRY_DELAYS_MS[retryNumber - 1]!;
  const random = input.random ?? Math.random;
  let delay = nominal * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random());
  if (input.failure === 'rate-limited' || input.failure === 'timeout') {
    const asked = input.retryAfterMs ?? 0;
    delay = Math.max(delay, WEBHOOK_SLOW_DOWN_FLOOR_MS, Math.min(asked, WEBHOOK_RETRY_AFTER_CAP_MS));
  }
  return { retry: true, retryNumber, delayMs: Math.round(delay * (input.scale ?? 1)) };
}

/** `Retry-After` as delta-seconds or an HTTP date, in milliseconds from `now`; null when unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}
