import fc from 'fast-check';
import type { ContainerRecord } from '@quayside/domain';
import { containerAttributes, containerVisibilityFor } from './container.attributes';
import type { ContainerVisibility } from './container.attributes';

const usdaPending = { name: 'USDA' as const, status: 'pending' as const, description: null };

const LINE = new Date('2026-08-20T07:00:00.000Z');
const TERMINAL = new Date('2026-08-18T07:00:00.000Z');
const RAIL = new Date('2026-08-16T05:00:00.000Z');

const ALL: ContainerVisibility = { railLfd: true };
const NOW = new Date('2026-08-14T17:00:00.000Z');
const DISCHARGED = new Date('2026-08-10T00:00:00.000Z');

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
    const attributes = containerAttributes(container(dates), { railLfd: railVisible }, NOW);
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
      NOW,
    );
    expect(attributes.import_deadlines).toEqual({ pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: shown });
    expect(attributes.ind_facility_lfd_on).toBe(shown);
    expect(attributes.pickup_lfd).toBe(shown);
  });

  it.each([
    ['at the port, available, no holds', { available_for_pickup: true }, true],
    ['at the port, available, a pending hold', { available_for_pickup: true, holds_at_pod_terminal: [usdaPending] }, false],
    ['at the port, not available', { available_for_pickup: false }, false],
    ['at the port, availability unknown', { available_for_pickup: null }, false],
    ['picked up, the terminal still saying available', { available_for_pickup: true, pod_full_out_at: DISCHARGED }, false],
    ['gone on by rail, the port terminal still saying available', { available_for_pickup: true, pod_rail_loaded_at: DISCHARGED }, false],
  ])("ready_for_pickup, the journey's: %s", (_label, given: Partial<ContainerRecord>, ready) => {
    const attributes = containerAttributes(container({ pod_discharged_at: DISCHARGED, ...given }), ALL, NOW);
    expect([attributes.ready_for_pickup, attributes.journey.ready_for_pickup]).toEqual([ready, ready]);
  });

  it.each([
    ['with rail_lfd: the rail date there', true, 2, ['last_free_day_soon']],
    ['without rail_lfd: no date, as the attributes show none', false, null, []],
  ])('the journey at the inland destination, judged from what the account sees: %s', (_label, railVisible, daysLeft, reasons) => {
    const rail = new Date('2026-08-16T05:00:00.000Z');
    const atRamp = { pod_discharged_at: DISCHARGED, pod_rail_loaded_at: DISCHARGED, ind_ata_at: DISCHARGED, pickup_lfd_rail: rail };
    const journey = containerAttributes(
      container({ ...atRamp, final_destination_timezone: 'America/Chicago' }),
      { railLfd: railVisible },
      NOW,
    ).journey;
    expect([journey.phase, journey.waiting_at, journey.days_left, journey.risk_reasons]).toEqual([
      'at_inland_destination',
      'inland_destination',
      daysLeft,
      reasons,
    ]);
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
        const totals = containerAttributes(container({ fees_at_pod_terminal: withTotal }), ALL, NOW).fees_total_by_currency;
        expect(totals['USD'] ?? 0).toBe(usd);
      }),
    );
  });
});
