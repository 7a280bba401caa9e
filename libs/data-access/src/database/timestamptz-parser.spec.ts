import fc from 'fast-check';
import { types } from 'pg';
import { CONNECTION_TYPES, parseTimestamptz } from './timestamptz-parser';

const pgParser = types.getTypeParser(1184, 'text') as (text: string) => Date | number | null;
/** pg's parser wants a space between date and time; JSON writes a `T`. */
const general = (text: string): Date | number | null => pgParser(text.replace('T', ' '));

/** A value as Postgres prints a timestamptz to a UTC session. */
function printed(epochMs: number, fractionDigits: number, micros: number): string {
  const iso = new Date(epochMs).toISOString();
  const fraction = fractionDigits === 0 ? '' : `.${`${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.slice(0, fractionDigits)}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00`;
}

const time = (value: Date | number | null): number | null => (value instanceof Date ? value.getTime() : value);

describe('timestamptz as a connection reads it', () => {
  it.each([
    ['whole seconds', '2026-11-26 20:22:33+00', Date.UTC(2026, 10, 26, 20, 22, 33)],
    ['milliseconds', '2026-11-26 20:22:33.123+00', Date.UTC(2026, 10, 26, 20, 22, 33, 123)],
    ['microseconds truncated, not rounded', '2026-11-26 20:22:33.999999+00', Date.UTC(2026, 10, 26, 20, 22, 33, 999)],
    ['one fraction digit', '2026-01-01 00:00:00.5+00', Date.UTC(2026, 0, 1, 0, 0, 0, 500)],
    ['two fraction digits', '2026-01-01 00:00:00.05+00', Date.UTC(2026, 0, 1, 0, 0, 0, 50)],
    ['leap day', '2024-02-29 23:59:59.000001+00', Date.UTC(2024, 1, 29, 23, 59, 59, 0)],
    ['another offset', '2026-11-26 21:22:33.5+01', Date.UTC(2026, 10, 26, 20, 22, 33, 500)],
    ['offset with minutes', '2026-11-26 20:22:33+05:30', Date.UTC(2026, 10, 26, 14, 52, 33)],
    ['JSON, whole seconds', '2026-11-26T20:22:33+00:00', Date.UTC(2026, 10, 26, 20, 22, 33)],
    ['JSON, microseconds', '2026-11-26T20:22:33.123456+00:00', Date.UTC(2026, 10, 26, 20, 22, 33, 123)],
    ['JSON, another offset', '2026-11-26T21:22:33.5+01:00', Date.UTC(2026, 10, 26, 20, 22, 33, 500)],
    ['year before 100', '0050-06-01 00:00:00+00', new Date(Date.UTC(2000, 5, 1)).setUTCFullYear(50)],
  ])('%s', (_label, text, expected) => {
    expect(time(parseTimestamptz(text))).toBe(expected);
    expect(time(parseTimestamptz(text))).toBe(time(general(text)));
  });

  it.each([['infinity'], ['-infinity'], ['2026-11-26 20:22:33 BC'], ['12026-11-26 20:22:33+00'], ['not a date']])(
    'leaves %s to pg',
    (text) => {
      expect(time(parseTimestamptz(text))).toEqual(time(general(text)));
    },
  );

  it('reads every printed instant, in a column or in JSON, as pg did', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(100, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        (epochMs, fractionDigits, micros, json) => {
          const column = printed(epochMs, fractionDigits, micros);
          const text = json ? `${column.slice(0, 10)}T${column.slice(11)}:00` : column;
          expect(time(parseTimestamptz(text))).toBe(time(general(text)));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('is what connections use for timestamptz, and pg’s parsers for everything else', () => {
    expect(CONNECTION_TYPES.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(CONNECTION_TYPES.getTypeParser(1114, 'text')).toBe(types.getTypeParser(1114, 'text'));
    expect(CONNECTION_TYPES.getTypeParser(25, 'text')).toBe(types.getTypeParser(25, 'text'));
  });
});
