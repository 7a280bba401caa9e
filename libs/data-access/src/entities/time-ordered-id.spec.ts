import { timeOrderedId } from './time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID version 7 in the lower-case form Postgres prints', () => {
    for (let index = 0; index < 100; index++) expect(timeOrderedId()).toMatch(UUID_V7);
  });

  it('sorts in the order the ids were made, also within one millisecond, as Postgres compares uuids', () => {
    const ids = Array.from({ length: 5_000 }, () => timeOrderedId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the time it was made in its first 48 bits', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const after = Date.now();
    const made = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });
});
