import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Recognisable by people and secret scanners; `live` leaves room for a future `test` kind. */
export const API_KEY_PREFIX = 'qs_live_';
const SECRET_BYTES = 32;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 62^43 > 2^256: every 32-byte secret fits in 43 base62 digits (left-padded with "0").
const SECRET_LENGTH = 43;
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

export interface GeneratedApiKey {
  /** The full key: shown once, never stored. */
  key: string;
  prefix: string;
  lastFour: string;
  /** sha256 hex of the full key: the only form that is stored. */
  hash: string;
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + toBase62(randomBytes(SECRET_BYTES));
  return { key, prefix: API_KEY_PREFIX, lastFour: key.slice(-4), hash: hashApiKey(key) };
}

/**
 * A plain sha256 is enough: the secret has 256 bits of entropy, so there is nothing to
 * brute-force that a slow password hash would protect.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Rejects values that cannot be a key before any database lookup. */
export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** Compares two hex digests without leaking, through timing, how many characters match. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What listings show instead of the key: prefix and last four characters. */
export function maskApiKey(prefix: string, lastFour: string): string {
  return `${prefix}****${lastFour}`;
}

function toBase62(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let digits = '';
  while (value > 0n) {
    digits = BASE62[Number(value % 62n)]! + digits;
    value /= 62n;
  }
  return digits.padStart(SECRET_LENGTH, '0');
}
