import fc from 'fast-check';
import { canonicalJson, changeEventKey, valueChangeIdentity, valueDigest } from './change-keys';

describe('change keys', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['the same object with keys in another order', { a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, true],
    ['another value', { a: 1 }, { a: 2 }, false],
    ['a list in another order (order of a list is meaning)', [1, 2], [2, 1], false],
    ['null and a missing key', { a: null }, {}, false],
    ['an undefined key and a missing one', { a: undefined }, {}, true],
  ])('%s: same key = %s', (_label, left, right, same) => {
    expect(changeEventKey('c-1', 'container.updated', left, 3) === changeEventKey('c-1', 'container.updated', right, 3)).toBe(same);
  });

  it('keys a change by object, event, new value and version — never by when it was seen', () => {
    const base = changeEventKey('c-1', 'container.updated', { holds: [] }, 2);
    expect(changeEventKey('c-2', 'container.updated', { holds: [] }, 2)).not.toBe(base);
    expect(changeEventKey('c-1', 'container.pickup_lfd.changed', { holds: [] }, 2)).not.toBe(base);
    // A value reached again after another change is a new change (a hold placed, released, placed again).
    expect(changeEventKey('c-1', 'container.updated', { holds: [] }, 3)).not.toBe(base);
    expect(valueChangeIdentity('container.transport.available', 'USLAX', 'container.transport.available', 0)).toBe(
      valueChangeIdentity('container.transport.available', 'USLAX', 'container.transport.available', 0),
    );
  });

  it('canonical JSON reads equal values the same and tells different ones apart', () => {
    const value = fc.jsonValue();
    fc.assert(
      fc.property(value, value, (a, b) => {
        const same = JSON.stringify(sortDeep(a)) === JSON.stringify(sortDeep(b));
        expect(canonicalJson(a) === canonicalJson(b)).toBe(same);
        if (same) expect(valueDigest(a)).toBe(valueDigest(b));
      }),
    );
  });
});

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, sortDeep(v)]),
    );
  }
  return value;
}
