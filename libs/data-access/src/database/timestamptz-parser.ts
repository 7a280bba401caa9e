import { types } from 'pg';
import type { CustomTypesConfig } from 'pg';

/** Postgres' `timestamptz` type. */
const TIMESTAMPTZ_OID = 1184;

const pgParser = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;

/** pg's own parser (postgres-date), for everything the fast path does not recognize; it wants a space, not JSON's `T`. */
function general(text: string, separator: number): Date | number | null {
  return pgParser(separator === 84 /* T */ ? text.replace('T', ' ') : text);
}

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

/** The length of a UTC offset ending `text` (`+00` as a column prints it, `+00:00` as JSON does), 0 for any other. */
function utcSuffix(text: string, length: number): number {
  if (text.charCodeAt(length - 3) === 43 /* + */ && text.charCodeAt(length - 2) === ZERO && text.charCodeAt(length - 1) === ZERO) return 3;
  if (
    text.charCodeAt(length - 6) === 43 &&
    text.charCodeAt(length - 5) === ZERO &&
    text.charCodeAt(length - 4) === ZERO &&
    text.charCodeAt(length - 3) === 58 &&
    text.charCodeAt(length - 2) === ZERO &&
    text.charCodeAt(length - 1) === ZERO
  )
    return 6;
  return 0;
}

/**
 * A `timestamptz` as every connection receives it (`TimeZone=UTC`, ISO date style:
 * `2026-11-26 20:22:33.123456+00` in a column, `2026-11-26T20:22:33.123456+00:00` inside JSON),
 * read digit by digit: pg's general parser runs two regular expressions, a split and up to seven
 * `parseInt`s per value, and reading stored records' timestamps was a tenth of what the
 * tracker-worker allocated per refresh. Milliseconds are the first three digits of the fraction
 * (a Date holds no more), as the general parser truncates them. Anything else — another
 * offset, years before 100 or after 9999, BC, ±infinity — goes to the general parser.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const length = text.length;
  const suffix = length >= 22 ? utcSuffix(text, length) : 0;
  const body = length - suffix;
  const separator = text.charCodeAt(10);
  if (
    suffix === 0 ||
    body > 26 ||
    (body !== 19 && body < 21) ||
    text.charCodeAt(4) !== 45 /* - */ ||
    text.charCodeAt(7) !== 45 ||
    (separator !== 32 /*   */ && separator !== 84) /* T */ ||
    text.charCodeAt(13) !== 58 /* : */ ||
    text.charCodeAt(16) !== 58
  ) {
    return general(text, separator);
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  let millisecond = 0;
  if (body > 19) {
    const fraction = body - 20;
    if (text.charCodeAt(19) !== 46 /* . */ || digits(text, 20, fraction) < 0) return general(text, separator);
    millisecond = digits(text, 20, Math.min(fraction, 3)) * (fraction === 1 ? 100 : fraction === 2 ? 10 : 1);
  }
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return general(text, separator);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
}

/** The type parsers of every connection (`buildDataSourceOptions`): pg's own, with `timestamptz` read by `parseTimestamptz`. */
export const CONNECTION_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((text: string) => unknown) =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? parseTimestamptz
      : (types.getTypeParser(oid, format) as (text: string) => unknown)) as CustomTypesConfig['getTypeParser'],
};
