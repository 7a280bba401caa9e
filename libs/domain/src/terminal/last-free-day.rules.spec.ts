import fc from 'fast-check';
import type { ImportDeadlines } from '../resources/terminal-data';
import { PICKUP_LFD_PRIORITY, coalescePickupLfd, pickupLfdSource } from './last-free-day.rules';

const EARLY = '2026-08-10T00:00:00.000Z';
const MID = '2026-08-12T00:00:00.000Z';
const LATE = '2026-08-15T00:00:00.000Z';

describe('pickup_lfd coalescing', () => {
  it.each([
    [LATE, EARLY, MID, LATE, 'pickup_lfd_line'],
    [null, LATE, EARLY, LATE, 'pickup_lfd_terminal'],
    [null, null, EARLY, EARLY, 'pickup_lfd_rail'],
    [LATE, null, EARLY, LATE, 'pickup_lfd_line'],
    [null, null, null, null, null],
  ] as const)('line %s, terminal %s, rail %s → %s (from %s), not the earliest', (line, terminal, rail, lfd, source) => {
    const deadlines: ImportDeadlines = { pickup_lfd_line: line, pickup_lfd_terminal: terminal, pickup_lfd_rail: rail };
    expect(coalescePickupLfd(deadlines)).toBe(lfd);
    expect(pickupLfdSource(deadlines)).toBe(source);
  });

  it('is line, then terminal, then rail', () => {
    expect(PICKUP_LFD_PRIORITY).toEqual(['pickup_lfd_line', 'pickup_lfd_terminal', 'pickup_lfd_rail']);
  });

  it('always equals the first non-null source by priority', () => {
    const date = fc.option(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      { nil: null },
    );
    fc.assert(
      fc.property(date, date, date, (line, terminal, rail) => {
        const deadlines: ImportDeadlines = { pickup_lfd_line: line, pickup_lfd_terminal: terminal, pickup_lfd_rail: rail };
        expect(coalescePickupLfd(deadlines)).toBe([line, terminal, rail].find((d) => d !== null) ?? null);
      }),
    );
  });
});
