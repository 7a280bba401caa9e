import { types } from 'pg';
import type { CustomTypesConfig } from 'pg';

/** Postgres' `timestamptz` type. */
const TIMESTAMPTZ_OID = 1184;

/** pg's own parser (postgres-date): everything the fast path below does not recognize goes there. */
const general = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;

const ZERO = 48;

/** The value of `length` decimal digits of `text` from `at`, or -1 if any is not a digit. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let index = at; index < at + length; index += 1) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A `timestamptz` as every connection receives it (`TimeZone=UTC`, ISO date style:
 * `2026-11-26 20:22:33.123456+00`), read digit by digit: pg's general parser runs two regular
 * expressions, a split and up to seven `parseInt`s per value, and reading stored records'
 * timestamps was a tenth of what the tracker-worker allocated per refresh. Milliseconds are the
 * first three digits of the fraction (a Date holds no more), as the general parser truncates
 * them. Anything else — another offset, years before 100 or after 9999, BC, ±infinity — goes to
 * the general parser unchanged.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const length = text.length;
  if (
    length < 22 ||
    length > 29 ||
    text.charCodeAt(4) !== 45 /* - */ ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 /*   */ ||
    text.charCodeAt(13) !== 58 /* : */ ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(length - 3) !== 43 /* + */ ||
    text.charCodeAt(length - 2) !== ZERO ||
    text.charCodeAt(length - 1) !== ZERO
  ) {
    return general(text);
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  let millisecond = 0;
  if (length > 22) {
    const fraction = length - 23;
    if (text.charCodeAt(19) !== 46 /* . */ || fraction < 1 || fraction > 6 || digits(text, 20, fraction) < 0) return general(text);
    millisecond = digits(text, 20, Math.min(fraction, 3)) * (fraction === 1 ? 100 : fraction === 2 ? 10 : 1);
  }
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return general(text);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
}

/** The type parsers of every connection (`buildDataSourceOptions`): pg's own, with `timestamptz` read by `parseTimestamptz`. */
export const CONNECTION_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((text: string) => unknown) =>
    oid === TIMESTAMPTZ_OID && format !== 'binary' ? parseTimestamptz : (types.getTypeParser(oid, format) as (text: string) => unknown)) as CustomTypesConfig['getTypeParser'],
};
