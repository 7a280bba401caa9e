import fc from 'fast-check';
import type { ContainerRecord } from '@quayside/domain';
import { containerAttributes, containerVisibilityFor } from './container.attributes';
import type { ContainerVisibility } from './container.attributes';

const LINE = new Date('2026-08-20T07:00:00.000Z');
const TERMINAL = new Date('2026-08-18T07:00:00.000Z');
const RAIL = new Date('2026-08-16T05:00:00.000Z');

const ALL: ContainerVisibility = { railLfd: true };

// Only the columns these rules read; the rest of a stored container is irrelevant here.
function container(overrides: Partial<ContainerRecord>): ContainerRecord {
  return {
    id: 'c1',
    number: 'MSKU1234565',
    ref_numbers: [],
    created_at: new Date('2026-08-01T00:00:00.000Z'),
    updated_at: new Date('2026-08-02T00:00:00.000Z'),
    pickup_lfd_line: null,
    pickup_lfd_terminal: null,
    pickup_lfd_rail: null,
    ind_facility_lfd_on: null,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    available_for_pickup: null,
    ...overrides,
  } as ContainerRecord;
}

describe('container attributes', () => {
  it.each([
    [
      'line set → line, even when later than the terminal',
      { pickup_lfd_line: LINE, pickup_lfd_terminal: TERMINAL, pickup_lfd_rail: RAIL },
      true,
      LINE,
      'line',
    ],
    [
      'terminal and rail → terminal, even when rail is earlier',
      { pickup_lfd_terminal: TERMINAL, pickup_lfd_rail: RAIL },
      true,
      TERMINAL,
      'terminal',
    ],
    ['rail only, with rail_lfd → rail', { pickup_lfd_rail: RAIL }, true, RAIL, 'rail'],
    ['rail only, without rail_lfd → nothing', { pickup_lfd_rail: RAIL }, false, null, null],
    [
      'terminal and rail, without rail_lfd → terminal',
      { pickup_lfd_terminal: TERMINAL, pickup_lfd_rail: RAIL },
      false,
      TERMINAL,
      'terminal',
    ],
    ['nothing reported → null', {}, true, null, null],
  ])('pickup_lfd: %s', (_label, dates, railVisible, expected, source) => {
    const attributes = containerAttributes(container(dates), { railLfd: railVisible });
    expect(attributes.pickup_lfd).toBe(expected === null ? null : expected.toISOString());
    expect(attributes.pickup_lfd_source).toBe(source);
  });

  it.each([
    ['without rail_lfd: hidden', [], null],
    ['with rail_lfd: shown', ['rail_lfd' as const], RAIL.toISOString()],
  ])('the rail date and its deprecated twin %s, whatever the stored coalesced pickup_lfd says', (_label, features, shown) => {
    const attributes = containerAttributes(
      container({ pickup_lfd: RAIL, pickup_lfd_rail: RAIL, ind_facility_lfd_on: RAIL }),
      containerVisibilityFor(features),
    );
    expect(attributes.import_deadlines).toEqual({ pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: shown });
    expect(attributes.ind_facility_lfd_on).toBe(shown);
    expect(attributes.pickup_lfd).toBe(shown);
  });

  it.each([
    ['available, no holds', true, [], true],
    ['available, a pending hold', true, [{ name: 'USDA' as const, status: 'pending' as const, description: null }], false],
    ['not available, no holds', false, [], false],
    ['availability unknown', null, [], false],
  ])('ready_for_pickup: %s → %s', (_label, available, holds, ready) => {
    expect(containerAttributes(container({ available_for_pickup: available, holds_at_pod_terminal: holds }), ALL).ready_for_pickup).toBe(
      ready,
    );
  });

  it('sums fees per currency without the total entries, whatever the fees', () => {
    const fee = fc.record({
      type: fc.constantFrom('demurrage' as const, 'extended_dwell_time' as const, 'exam' as const, 'other' as const),
      amount: fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
      currency: fc.constantFrom('USD', 'CAD'),
    });
    fc.assert(
      fc.property(fc.array(fee, { maxLength: 8 }), (fees) => {
        const usd = fees.filter((f) => f.currency === 'USD').reduce((sum, f) => sum + Math.round(f.amount * 100), 0) / 100;
        const withTotal = [...fees, { type: 'total' as const, amount: usd, currency: 'USD' }];
        const totals = containerAttributes(container({ fees_at_pod_terminal: withTotal }), ALL).fees_total_by_currency;
        expect(totals['USD'] ?? 0).toBe(usd);
      }),
    );
  });
});
