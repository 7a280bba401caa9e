import fc from 'fast-check';
import { jsonDepthExceeds } from './json-depth';

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe('jsonDepthExceeds', () => {
  it.each<[string, string, number, boolean]>([
    ['a scalar', '"x"', 0, false],
    ['an object at the limit', '{"a":{"b":1}}', 2, false],
    ['an object past the limit', '{"a":{"b":{"c":1}}}', 2, true],
    ['brackets inside a string', '{"a":"[[[[[[{{{{"}', 1, false],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1, false],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[1]]}', 2, true],
    ['a JSON:API document', '{"data":{"type":"x","attributes":{"tags":["a"]}}}', 4, false],
    ['ten thousand levels', nested(10_000), 32, true],
  ])('%s', (_label, text, limit, expected) => {
    expect(jsonDepthExceeds(text, limit)).toBe(expected);
  });

  it('agrees with the depth of any parsed JSON value', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, limit) => {
        expect(jsonDepthExceeds(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
      }),
    );
  });
});
