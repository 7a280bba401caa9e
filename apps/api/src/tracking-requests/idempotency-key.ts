import { createHash } from 'node:crypto';
import { badRequest } from '@quayside/domain';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's `Idempotency-Key`, if any: 1 to 255 visible ASCII characters (a UUID is a
 * good choice). Anything else answers 400, so a client never believes it is protected when
 * it is not.
 */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | null {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw badRequest('The Idempotency-Key header must be given once, as 1 to 255 visible ASCII characters (e.g. a UUID).');
  }
  return value;
}

/**
 * What "the same request" means for a key: method, path and the body's JSON value. Key order
 * and whitespace do not matter; any other difference in the body does.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
