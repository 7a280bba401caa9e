/** The longest pause a source may ask for; past it an operator should look (a suspended key, say). */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * `Retry-After` (RFC 9110 §10.2.3) as milliseconds from `now`: delay-seconds or an HTTP-date.
 * Null when absent or unreadable; a date in the past is 0.
 */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(text);
  if (!/[A-Za-z]/.test(text) || Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now.getTime()), MAX_RETRY_AFTER_MS);
}
