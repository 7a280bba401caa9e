import fc from 'fast-check';
import { CONTAINER_STATUSES } from '../resources/container';
import type { Hold } from '../resources/terminal-data';
import { JOURNEY_PHASES, journeyOf, riskReasons } from './container-journey.rules';
import type { Journey, JourneyPhase } from './container-journey.rules';
import type { JourneyFacts } from './journey-facts';
import { journeyFacts } from './journey-facts.factory';

// 10:00 in Los Angeles and 12:00 in Chicago on 2026-08-14.
const NOW = new Date('2026-08-14T17:00:00.000Z');
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';
const AT = '2026-08-01T00:00:00.000Z';
/** Local midnight in Los Angeles, `days` days from 2026-08-14 (how terminals send a last free day). */
const laDay = (days: number): string => new Date(Date.UTC(2026, 7, 14 + days, 7)).toISOString();
/** Local midnight in Chicago. */
const chiDay = (days: number): string => new Date(Date.UTC(2026, 7, 14 + days, 5)).toISOString();

const customs: Hold = { name: 'customs', status: 'hold', description: null };
const usdaPending: Hold = { name: 'USDA', status: 'pending', description: null };

const deadlines = (line: string | null, terminal: string | null, rail: string | null): JourneyFacts['import_deadlines'] => ({
  pickup_lfd_line: line,
  pickup_lfd_terminal: terminal,
  pickup_lfd_rail: rail,
});

const discharged = { pod_discharged_at: AT };
const railLeg = { pod_rail_carrier_scac: 'TSTR' };
const atRamp = { ...discharged, ...railLeg, pod_rail_loaded_at: AT, ind_ata_at: AT, ind_rail_unloaded_at: AT };

describe('journey phase, place and pickup place', () => {
  it.each<[string, Partial<JourneyFacts>, JourneyPhase, Journey['waiting_at'], Journey['pickup_at'], boolean]>([
    ['nothing reported', {}, 'not_started', null, 'port_of_discharge', false],
    ['empty out at origin', { empty_out_at: AT }, 'at_origin', null, 'port_of_discharge', false],
    ['gated in full at the port of lading', { empty_out_at: AT, pol_full_in_at: AT }, 'at_origin', null, 'port_of_discharge', false],
    ['loaded on the vessel', { pol_vessel_loaded_at: AT }, 'on_water', null, 'port_of_discharge', false],
    ['transshipping (status only)', { current_status: 'on_ship' }, 'on_water', null, 'port_of_discharge', false],
    ['vessel arrived, not discharged', { pod_arrived_at: AT }, 'on_water', null, 'port_of_discharge', false],
    ['discharged', discharged, 'at_port', 'port_of_discharge', 'port_of_discharge', false],
    ['available (status only)', { current_status: 'available' }, 'at_port', 'port_of_discharge', 'port_of_discharge', false],
    ['discharged, rail leg ahead', { ...discharged, ...railLeg }, 'at_port', 'port_of_discharge', 'inland_destination', false],
    [
      'awaiting inland transfer (status only)',
      { current_status: 'awaiting_inland_transfer' },
      'at_port',
      'port_of_discharge',
      'inland_destination',
      false,
    ],
    ['loaded on rail', { ...discharged, ...railLeg, pod_rail_loaded_at: AT }, 'on_rail', null, 'inland_destination', false],
    ['on rail (status only)', { current_status: 'on_rail' }, 'on_rail', null, 'inland_destination', false],
    ['arrived at the inland destination', atRamp, 'at_inland_destination', 'inland_destination', 'inland_destination', false],
    ['picked up at the port', { ...discharged, pod_full_out_at: AT }, 'picked_up', null, 'port_of_discharge', false],
    [
      'picked up at the ramp (no port full out)',
      { ...atRamp, final_destination_full_out_at: AT },
      'picked_up',
      null,
      'inland_destination',
      false,
    ],
    ['delivered', { ...discharged, pod_full_out_at: AT, delivered_at: AT }, 'delivered', null, 'port_of_discharge', false],
    ['dropped at the consignee (status only)', { current_status: 'dropped' }, 'delivered', null, 'port_of_discharge', false],
    [
      'empty returned after the ramp',
      { ...atRamp, final_destination_full_out_at: AT, empty_terminated_at: AT },
      'empty_returned',
      null,
      'inland_destination',
      true,
    ],
    ['empty returned (status only)', { current_status: 'empty_returned' }, 'empty_returned', null, 'port_of_discharge', true],
  ])('%s → %s', (_case, given, phase, waitingAt, pickupAt, done) => {
    const journey = journeyOf(journeyFacts(given), NOW);
    expect({ phase: journey.phase, waiting_at: journey.waiting_at, pickup_at: journey.pickup_at, done: journey.done }).toEqual({
      phase,
      waiting_at: waitingAt,
      pickup_at: pickupAt,
      done,
    });
  });

  it('gives the time it left full, wherever it left', () => {
    expect(journeyOf(journeyFacts({ ...atRamp, final_destination_full_out_at: new Date(AT) }), NOW).picked_up_at).toBe(AT);
    expect(journeyOf(journeyFacts({ ...discharged, pod_full_out_at: AT }), NOW).picked_up_at).toBe(AT);
    expect(journeyOf(journeyFacts({ current_status: 'picked_up' }), NOW).picked_up_at).toBeNull();
  });
});

describe('availability and release readiness where it waits', () => {
  it.each<[string, Partial<JourneyFacts>, boolean | null, boolean, Hold[] | null]>([
    ['at the port, available, no hold', { ...discharged, available_for_pickup: true }, true, true, []],
    [
      'at the port, available, a pending hold',
      { ...discharged, available_for_pickup: true, holds_at_pod_terminal: [usdaPending] },
      true,
      false,
      [usdaPending],
    ],
    ['at the port, not available', { ...discharged, available_for_pickup: false }, false, false, []],
    ['at the port, the terminal does not say', discharged, null, false, []],
    ['on the water, the terminal already says available', { pod_arrived_at: AT, available_for_pickup: true }, null, false, []],
    [
      'at the ramp: the port flag is about a place it left',
      { ...atRamp, available_for_pickup: true, ind_facility_holds: [] },
      null,
      false,
      [],
    ],
    [
      'at the ramp: holds there as the rail source reports them',
      { ...atRamp, ind_facility_holds: [customs], holds_at_pod_terminal: [usdaPending] },
      null,
      false,
      [customs],
    ],
    ['at the ramp: holds not reported there', { ...atRamp, holds_at_pod_terminal: [customs] }, null, false, null],
    ['picked up, the terminal still says available', { ...discharged, pod_full_out_at: AT, available_for_pickup: true }, null, false, []],
  ])('%s', (_case, given, available, ready, holds) => {
    const journey = journeyOf(journeyFacts(given), NOW);
    expect({ available: journey.available_for_pickup, ready: journey.ready_for_pickup, holds: journey.holds }).toEqual({
      available,
      ready,
      holds,
    });
  });

  it('takes the fees of the place, summed without totals', () => {
    const fees = [
      { type: 'demurrage' as const, amount: 150, currency: 'USD' },
      { type: 'total' as const, amount: 150, currency: 'USD' },
    ];
    expect(journeyOf(journeyFacts({ ...discharged, fees_at_pod_terminal: fees }), NOW).fees_total_by_currency).toEqual({ USD: 150 });
    const atTheRamp = journeyOf(journeyFacts({ ...atRamp, fees_at_pod_terminal: fees }), NOW);
    expect([atTheRamp.fees, atTheRamp.fees_total_by_currency]).toEqual([null, null]);
    expect(journeyOf(journeyFacts({ ...atRamp, ind_facility_fees: fees }), NOW).fees_total_by_currency).toEqual({ USD: 150 });
  });
});

describe('pickup in one value', () => {
  it.each<[string, Partial<JourneyFacts>, Journey['pickup_status']]>([
    ['on the water', { pod_arrived_at: AT, available_for_pickup: true }, 'not_arrived'],
    ['on rail to the ramp', { ...discharged, ...railLeg, pod_rail_loaded_at: AT }, 'not_arrived'],
    ['at the port, ready', { ...discharged, available_for_pickup: true }, 'ready'],
    ['at the port, available but held', { ...discharged, available_for_pickup: true, holds_at_pod_terminal: [usdaPending] }, 'on_hold'],
    ['at the port, held and not available', { ...discharged, available_for_pickup: false, holds_at_pod_terminal: [customs] }, 'on_hold'],
    ['at the port, not available', { ...discharged, available_for_pickup: false }, 'not_available'],
    ['at the port, the terminal does not say', discharged, 'not_reported'],
    ['at the ramp, no inland source of availability', atRamp, 'not_reported'],
    ['picked up at the port', { ...discharged, pod_full_out_at: AT }, 'picked_up'],
    ['delivered', { ...discharged, pod_full_out_at: AT, delivered_at: AT }, 'picked_up'],
    ['returned empty after the ramp', { ...atRamp, final_destination_full_out_at: AT, empty_terminated_at: AT }, 'returned'],
  ])('%s → %s', (_case, given, status) => {
    expect(journeyOf(journeyFacts(given), NOW).pickup_status).toBe(status);
  });
});

describe('last free day, days left and risk where it waits', () => {
  it.each<[string, Partial<JourneyFacts>, string | null, Journey['last_free_day_source'], number | null]>([
    [
      'at the port: the line first, even when later',
      { ...discharged, import_deadlines: deadlines(laDay(5), laDay(2), chiDay(9)) },
      laDay(5),
      'line',
      5,
    ],
    ['at the port: else the terminal', { ...discharged, import_deadlines: deadlines(null, laDay(2), chiDay(9)) }, laDay(2), 'terminal', 2],
    ['at the port: never the rail date', { ...discharged, import_deadlines: deadlines(null, null, chiDay(9)) }, null, null, null],
    ['at the ramp: the rail date only', { ...atRamp, import_deadlines: deadlines(laDay(5), laDay(2), chiDay(9)) }, chiDay(9), 'rail', 9],
    ['at the ramp: its deprecated twin', { ...atRamp, ind_facility_lfd_on: chiDay(1) }, chiDay(1), 'rail', 1],
    ['at the ramp: none there', { ...atRamp, import_deadlines: deadlines(laDay(5), laDay(2), null) }, null, null, null],
    [
      'the last free day is today, 10:00 local: 0 days, not passed',
      { ...discharged, import_deadlines: deadlines(null, laDay(0), null) },
      laDay(0),
      'terminal',
      0,
    ],
    ['yesterday local', { ...discharged, import_deadlines: deadlines(null, laDay(-1), null) }, laDay(-1), 'terminal', -1],
    [
      'on the water: shown, no days counted',
      { pod_arrived_at: AT, import_deadlines: deadlines(laDay(1), null, null) },
      laDay(1),
      'line',
      null,
    ],
    [
      'on rail: the ramp date ahead, no days counted',
      { ...discharged, ...railLeg, pod_rail_loaded_at: AT, import_deadlines: deadlines(laDay(-3), null, chiDay(4)) },
      chiDay(4),
      'rail',
      null,
    ],
    [
      'picked up at the ramp: the ramp date, no days counted',
      { ...atRamp, final_destination_full_out_at: AT, import_deadlines: deadlines(null, null, chiDay(-1)) },
      chiDay(-1),
      'rail',
      null,
    ],
  ])('%s', (_case, given, day, source, daysLeft) => {
    const journey = journeyOf(journeyFacts(given), NOW);
    expect([journey.last_free_day, journey.last_free_day_source, journey.days_left]).toEqual([day, source, daysLeft]);
  });

  it('counts days in the zone of the place, UTC when it is unknown', () => {
    // 2026-08-15T03:00Z is still the 14th in Los Angeles, already the 15th in UTC.
    const late = new Date('2026-08-15T03:00:00.000Z');
    const given = { ...discharged, import_deadlines: deadlines(null, laDay(1), null) };
    expect(journeyOf(journeyFacts(given), late).days_left).toBe(1);
    expect(journeyOf(journeyFacts({ ...given, pod_timezone: null }), late).days_left).toBe(0);
    expect(journeyOf(journeyFacts({ ...given, pod_timezone: 'Not/AZone' }), late).days_left).toBe(0);
  });

  it.each<[string, Partial<JourneyFacts>, number, Journey['risk_reasons']]>([
    ['passed', { ...discharged, import_deadlines: deadlines(null, laDay(-2), null) }, 3, ['last_free_day_passed']],
    ['today', { ...discharged, import_deadlines: deadlines(null, laDay(0), null) }, 0, ['last_free_day_today']],
    ['at the horizon', { ...discharged, import_deadlines: deadlines(null, laDay(3), null) }, 3, ['last_free_day_soon']],
    ['beyond the horizon', { ...discharged, import_deadlines: deadlines(null, laDay(4), null) }, 3, []],
    ['holds, no last free day', { ...discharged, holds_at_pod_terminal: [customs] }, 3, ['holds']],
    [
      'holds and a passed day at the ramp',
      { ...atRamp, ind_facility_holds: [customs], import_deadlines: deadlines(null, null, chiDay(-1)) },
      3,
      ['last_free_day_passed', 'holds'],
    ],
    [
      'a passed port date while at the ramp',
      { ...atRamp, import_deadlines: deadlines(laDay(-5), laDay(-5), null), holds_at_pod_terminal: [customs] },
      3,
      [],
    ],
    [
      'on the water with holds and a passed day',
      { pod_arrived_at: AT, holds_at_pod_terminal: [customs], import_deadlines: deadlines(laDay(-1), null, null) },
      3,
      [],
    ],
    [
      'TEST-TR-RAIL at its end: returned, the ramp date passed',
      {
        ...atRamp,
        final_destination_full_out_at: AT,
        empty_terminated_at: AT,
        current_status: 'empty_returned',
        import_deadlines: deadlines(null, null, chiDay(-1)),
      },
      60,
      [],
    ],
  ])('risk: %s', (_case, given, within, reasons) => {
    const journey = journeyOf(journeyFacts(given), NOW, within);
    expect(journey.risk_reasons).toEqual(reasons);
    expect(journey.at_risk).toBe(reasons.length > 0);
  });
});

const instant = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });
const hold = fc.record({
  name: fc.constantFrom('freight' as const, 'customs' as const, 'USDA' as const, 'TMF' as const),
  status: fc.constantFrom('hold' as const, 'pending' as const),
  description: fc.constant(null),
});
const TIMESTAMP_FIELDS = [
  'empty_out_at',
  'pol_full_in_at',
  'pol_vessel_loaded_at',
  'pol_vessel_departed_at',
  'pod_arrived_at',
  'pod_discharged_at',
  'pod_full_out_at',
  'pod_rail_loaded_at',
  'pod_rail_departed_at',
  'ind_ata_at',
  'ind_rail_unloaded_at',
  'final_destination_full_out_at',
  'delivered_at',
  'empty_terminated_at',
] as const;

const anyFacts: fc.Arbitrary<JourneyFacts> = fc
  .record({
    current_status: maybe(fc.constantFrom(...CONTAINER_STATUSES)),
    times: fc.record(
      Object.fromEntries(TIMESTAMP_FIELDS.map((field) => [field, maybe(instant)])) as Record<
        (typeof TIMESTAMP_FIELDS)[number],
        fc.Arbitrary<Date | null>
      >,
    ),
    pod_rail_carrier_scac: maybe(fc.constant('TSTR')),
    ind_rail_carrier_scac: maybe(fc.constant('TSTR')),
    available_for_pickup: maybe(fc.boolean()),
    holds_at_pod_terminal: fc.array(hold, { maxLength: 2 }),
    ind_facility_holds: maybe(fc.array(hold, { maxLength: 2 })),
    line: maybe(instant),
    terminal: maybe(instant),
    rail: maybe(instant),
    ind_facility_lfd_on: maybe(instant),
    pod_timezone: maybe(fc.constantFrom(LA, 'Asia/Shanghai', 'UTC')),
    final_destination_timezone: maybe(fc.constantFrom(CHI, 'America/New_York')),
  })
  .map(({ times, line, terminal, rail, ...rest }) =>
    journeyFacts({ ...rest, ...times, import_deadlines: deadlines(iso(line), iso(terminal), iso(rail)) }),
  );

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

const phaseIndex = (journey: Journey): number => JOURNEY_PHASES.indexOf(journey.phase);
const PICKED_UP_OR_LATER: readonly Partial<JourneyFacts>[] = [
  { pod_full_out_at: AT },
  { final_destination_full_out_at: AT },
  { delivered_at: AT },
  { empty_terminated_at: AT },
  { current_status: 'picked_up' },
  { current_status: 'delivered' },
  { current_status: 'empty_returned' },
];

describe('journey invariants', () => {
  it('a picked-up, delivered or returned container is never waiting, ready or at risk, whatever else is said of it', () => {
    fc.assert(
      fc.property(anyFacts, fc.constantFrom(...PICKED_UP_OR_LATER), instant, fc.nat({ max: 60 }), (given, pickedUp, now, within) => {
        const journey = journeyOf({ ...given, ...pickedUp }, now, within);
        expect(phaseIndex(journey)).toBeGreaterThanOrEqual(JOURNEY_PHASES.indexOf('picked_up'));
        expect([journey.waiting_at, journey.available_for_pickup, journey.ready_for_pickup, journey.days_left]).toEqual([
          null,
          null,
          false,
          null,
        ]);
        expect([journey.at_risk, journey.risk_reasons]).toEqual([false, []]);
        expect(['picked_up', 'returned']).toContain(journey.pickup_status);
      }),
    );
  });

  it('a container with an active hold where it is is never ready', () => {
    fc.assert(
      fc.property(anyFacts, hold, instant, (given, extra, now) => {
        const journey = journeyOf({ ...given, holds_at_pod_terminal: [extra], ind_facility_holds: [extra] }, now);
        expect(journey.ready_for_pickup).toBe(false);
        expect(journey.pickup_status).not.toBe('ready');
      }),
    );
  });

  it('ready only while waiting, available there and without holds there', () => {
    fc.assert(
      fc.property(anyFacts, instant, (given, now) => {
        const journey = journeyOf(given, now);
        if (journey.ready_for_pickup) {
          expect(journey.waiting_at).not.toBeNull();
          expect(journey.available_for_pickup).toBe(true);
          expect(journey.holds).toEqual([]);
        }
      }),
    );
  });

  it('waits exactly at the two waiting phases, counts days only then, and is done exactly when returned', () => {
    fc.assert(
      fc.property(anyFacts, instant, (given, now) => {
        const journey = journeyOf(given, now);
        const waiting = journey.phase === 'at_port' || journey.phase === 'at_inland_destination';
        expect(journey.waiting_at !== null).toBe(waiting);
        if (waiting) expect(journey.waiting_at).toBe(journey.place);
        if (journey.days_left !== null) expect(waiting && journey.last_free_day !== null).toBe(true);
        expect(journey.done).toBe(journey.phase === 'empty_returned');
      }),
    );
  });

  it('never moves backwards when one more fact of the journey arrives', () => {
    fc.assert(
      fc.property(anyFacts, fc.constantFrom(...TIMESTAMP_FIELDS), instant, (given, field, at) => {
        const before = journeyOf(given, NOW);
        const after = journeyOf({ ...given, [field]: at }, NOW);
        expect(phaseIndex(after)).toBeGreaterThanOrEqual(phaseIndex(before));
      }),
    );
  });

  it('the phase and place follow the movements only: availability, holds, fees and dates never move a container', () => {
    fc.assert(
      fc.property(anyFacts, anyFacts, instant, (given, other, now) => {
        const moved: JourneyFacts = {
          ...given,
          available_for_pickup: other.available_for_pickup,
          holds_at_pod_terminal: other.holds_at_pod_terminal,
          ind_facility_holds: other.ind_facility_holds,
          import_deadlines: other.import_deadlines,
          ind_facility_lfd_on: other.ind_facility_lfd_on,
        };
        const [a, b] = [journeyOf(given, now), journeyOf(moved, now)];
        expect([b.phase, b.place, b.waiting_at, b.pickup_at, b.done]).toEqual([a.phase, a.place, a.waiting_at, a.pickup_at, a.done]);
      }),
    );
  });

  it('at risk within a horizon stays at risk within any longer one', () => {
    fc.assert(
      fc.property(anyFacts, instant, fc.nat({ max: 30 }), fc.nat({ max: 30 }), (given, now, within, more) => {
        if (journeyOf(given, now, within).at_risk) expect(journeyOf(given, now, within + more).at_risk).toBe(true);
      }),
    );
  });

  it('the dates of the other place never change the risk where it waits', () => {
    fc.assert(
      fc.property(anyFacts, maybe(instant), maybe(instant), maybe(instant), instant, (given, line, terminal, rail, now) => {
        const journey = journeyOf(given, now);
        if (journey.waiting_at === null) return;
        const changed: JourneyFacts =
          journey.waiting_at === 'port_of_discharge'
            ? { ...given, import_deadlines: { ...given.import_deadlines, pickup_lfd_rail: iso(rail) }, ind_facility_lfd_on: iso(rail) }
            : { ...given, import_deadlines: { ...given.import_deadlines, pickup_lfd_line: iso(line), pickup_lfd_terminal: iso(terminal) } };
        expect(journeyOf(changed, now)).toEqual(journey);
      }),
    );
  });

  it('answers the same for stored instants and their ISO form (a row and its attributes)', () => {
    fc.assert(
      fc.property(anyFacts, instant, (given, now) => {
        const asDates = Object.fromEntries(
          Object.entries(given).map(([key, value]) => [key, typeof value === 'string' && /^\d{4}-/.test(value) ? new Date(value) : value]),
        ) as unknown as JourneyFacts;
        const deadlinesAsDates = Object.fromEntries(
          Object.entries(given.import_deadlines).map(([key, value]) => [key, value === null ? null : new Date(value)]),
        ) as JourneyFacts['import_deadlines'];
        expect(journeyOf({ ...asDates, import_deadlines: deadlinesAsDates }, now)).toEqual(journeyOf(given, now));
      }),
    );
  });

  it('riskReasons of a journey agree with the journey it was judged with', () => {
    fc.assert(
      fc.property(anyFacts, instant, fc.nat({ max: 30 }), (given, now, within) => {
        const journey = journeyOf(given, now, within);
        expect(riskReasons(journey, within)).toEqual(journey.risk_reasons);
      }),
    );
  });
});
