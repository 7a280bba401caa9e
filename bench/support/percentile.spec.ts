import fc from 'fast-check';
import { percentile } from './percentile';

describe('percentile (nearest rank)', () => {
  it.each([
    [[], 50, null],
    [[7], 99, 7],
    [[5, 1, 4, 2, 3], 50, 3],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99, 10],
    [[3, 1, 2], 0, 1],
  ])('of %j at p%p is %p', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('is a value of the sample with at least p per cent of the sample at or below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: 0, max: 1e6 }), { minLength: 1 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const value = percentile(values, p)!;
          expect(values).toContain(value);
          expect(values.filter((v) => v <= value).length / values.length).toBeGreaterThanOrEqual(p / 100);
          expect(values.filter((v) => v < value).length / values.length).toBeLessThan(p / 100);
        },
      ),
    );
  });

  it('refuses a percentile outside 0..100', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});
