import { DEFAULT_REFRESH_CADENCE, REFRESH_PHASES, parseRefreshCadence } from '@quayside/domain';
import { cadenceSetting, compressedCadence, maxInWindow, maxOverlap } from './freshness-stats';

describe('maxInWindow', () => {
  it.each([
    ['no instants', [], 60_000, 0],
    ['one', [5], 60_000, 1],
    ['a window is half-open: 60 s apart are in two windows', [0, 60_000], 60_000, 1],
    ['just inside', [0, 59_999], 60_000, 2],
    ['the densest window wherever it starts', [0, 70_000, 71_000, 72_000, 129_000, 131_000], 60_000, 4],
    ['unsorted input', [72_000, 0, 71_000, 70_000], 60_000, 3],
  ])('%s', (_name, instants, windowMs, expected) => {
    expect(maxInWindow(instants, windowMs)).toBe(expected);
  });
});

describe('maxOverlap', () => {
  it.each([
    ['none', [], 0],
    [
      'disjoint',
      [
        { start: 0, end: 10 },
        { start: 20, end: 30 },
      ],
      1,
    ],
    [
      'one ends as the next starts',
      [
        { start: 0, end: 10 },
        { start: 10, end: 20 },
      ],
      1,
    ],
    [
      'nested and overlapping',
      [
        { start: 0, end: 100 },
        { start: 10, end: 20 },
        { start: 15, end: 30 },
        { start: 25, end: 40 },
      ],
      3,
    ],
  ])('%s', (_name, intervals, expected) => {
    expect(maxOverlap(intervals)).toBe(expected);
  });
});

describe('compressedCadence', () => {
  it('divides every phase alike, so their ratio stays, and REFRESH_CADENCE reads it back', () => {
    const cadence = compressedCadence(60);
    for (const phase of REFRESH_PHASES) expect(cadence[phase]).toBe(DEFAULT_REFRESH_CADENCE[phase] / 60);
    expect(parseRefreshCadence(cadenceSetting(cadence))).toEqual(cadence);
  });

  it('refuses a divisor that takes an interval below the 60 s the worker accepts', () => {
    expect(() => compressedCadence(61)).toThrow(RangeError);
  });
});
