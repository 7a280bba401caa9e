/** Hand-written JSON shape checks shared by the DCSA 2.2 and 3.0 parsers. */

/** Clock skew and offset mistakes tolerated before an event's times are called impossible. */
export const SKEW_MS = 86_400_000;
export const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** A message that breaks the contract; the parsers turn it into a problem string. */
export class ShapeError extends Error {}

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fail(path: string, what: string): never {
  throw new ShapeError(`${path}: ${what}`);
}

export function optionalString(obj: Json, key: string, path: string, maxLength = Infinity): string | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(`${path}.${key}`, 'not a string');
  if (value.length > maxLength) fail(`${path}.${key}`, `longer than ${maxLength}`);
  return value;
}

export function requiredString(obj: Json, key: string, path: string, maxLength = Infinity): string {
  return optionalString(obj, key, path, maxLength) ?? fail(`${path}.${key}`, 'missing');
}

/**
 * `obj[key]`, a string that must be one of `allowed`. The path of the value is built only when
 * it fails: parsers call this for every code of every event of every answer.
 */
export function requiredOneOf<T extends string>(obj: Json, key: string, allowed: readonly T[], path: string): T {
  const value = requiredString(obj, key, path);
  return (allowed as readonly string[]).includes(value) ? (value as T) : fail(`${path}.${key}`, `unknown value ${JSON.stringify(value)}`);
}

/** Epoch milliseconds of an RFC 3339 date-time, null when absent. */
export function optionalDateTime(obj: Json, key: string, path: string): number | null {
  const text = optionalString(obj, key, path, 35);
  if (text === null) return null;
  const ms = RFC3339.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) fail(`${path}.${key}`, `not an RFC 3339 date-time: ${JSON.stringify(text)}`);
  return ms;
}

export function dateTime(obj: Json, key: string, path: string): number {
  return optionalDateTime(obj, key, path) ?? fail(`${path}.${key}`, 'missing');
}

export function optionalRecord(obj: Json, key: string, path: string): Json | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  return isRecord(value) ? value : fail(`${path}.${key}`, 'not an object');
}

export function optionalArray(obj: Json, key: string, path: string): unknown[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : fail(`${path}.${key}`, 'not an array');
}
