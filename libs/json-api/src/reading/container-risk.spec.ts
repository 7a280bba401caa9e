import fc from 'fast-check';
import { journeyFacts, journeyOf } from '@quayside/domain';
import type { Hold, JourneyFacts } from '@quayside/domain';
import { containersAtRisk } from './container-risk';
import type { ContainerJourney } from './journey-summary';

// 10:00 in Los Angeles, 12:00 in Chicago.
const NOW = new Date('2026-08-14T17:00:00.000Z');
const AT = '2026-08-01T00:00:00.000Z';
/** Local midnight in Los Angeles `days` days from NOW's day; Chicago's below. */
const laDay = (days: number): string => new Date(Date.UTC(2026, 7, 14 + days, 7)).toISOString();
const chiDay = (days: number): string => new Date(Date.UTC(2026, 7, 14 + days, 5)).toISOString();
const customs: Hold = { name: 'customs', status: 'hold', description: null };

/** A container as the MCP tools read it from the api: the journey is the api's. */
function container(id: string, given: Partial<JourneyFacts> | null): ContainerJourney {
  return {
    id,
    number: id.toUpperCase(),
    current_status: null,
    pod_eta_at: null,
    pod_arrived_at: null,
    pod_discharged_at: null,
    pod_full_out_at: null,
    available_for_pickup: null,
    ready_for_pickup: null,
    last_free_day: null,
    last_free_day_source: null,
    holds: [],
    fees: [],
    fees_total_by_currency: null,
    journey: given === null ? null : journeyOf(journeyFacts(given), NOW),
    shipment: null,
    milestones: [],
  };
}

const terminalLfd = (day: string | null) => ({ pickup_lfd_line: null, pickup_lfd_terminal: day, pickup_lfd_rail: null });
const railLfd = (day: string | null) => ({ pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: day });
const atPort = { pod_discharged_at: AT };
const atRamp = { pod_discharged_at: AT, pod_rail_carrier_scac: 'TSTR', pod_rail_loaded_at: AT, ind_ata_at: AT };

describe('containersAtRisk', () => {
  it.each<[string, Partial<JourneyFacts>, string[]]>([
    ['at the port, last free day tomorrow', { ...atPort, import_deadlines: terminalLfd(laDay(1)) }, ['Last free day is close']],
    ['at the port, last free day passed', { ...atPort, import_deadlines: terminalLfd(laDay(-2)) }, ['Last free day has passed']],
    ['at the port, last free day today', { ...atPort, import_deadlines: terminalLfd(laDay(0)) }, ['Last free day is today']],
    ['at the port, held, no last free day', { ...atPort, holds_at_pod_terminal: [customs] }, ['Held where it waits']],
    [
      'at the inland destination, its rail last free day passed',
      { ...atRamp, import_deadlines: railLfd(chiDay(-1)) },
      ['Last free day has passed'],
    ],
  ])('%s: at risk', (_name, given, reasons) => {
    expect(containersAtRisk([container('a', given)], 3).map((c) => c.reasons)).toEqual([reasons]);
  });

  it.each<[string, Partial<JourneyFacts> | null]>([
    ['last free day beyond the horizon', { ...atPort, import_deadlines: terminalLfd(laDay(61)) }],
    ['nothing known', {}],
    [
      'on the water, held, a passed date',
      { pod_arrived_at: AT, holds_at_pod_terminal: [customs], import_deadlines: terminalLfd(laDay(-1)) },
    ],
    ['at the inland destination: the port date passed is not its own', { ...atRamp, import_deadlines: terminalLfd(laDay(-5)) }],
    ['picked up at the port despite a passed day and a hold', { ...atPort, pod_full_out_at: AT, holds_at_pod_terminal: [customs] }],
    [
      'TEST-TR-RAIL at its end: returned empty after the ramp, its rail date passed, no port full out',
      {
        ...atRamp,
        final_destination_full_out_at: AT,
        empty_terminated_at: AT,
        current_status: 'empty_returned',
        import_deadlines: railLfd(chiDay(-1)),
      },
    ],
    ['an api that sends no journey', null],
  ])('%s: not at risk', (_name, given) => {
    expect(containersAtRisk([container('a', given)], 60)).toEqual([]);
  });

  it('names where it waits, the date there and its source', () => {
    const [found] = containersAtRisk([container('ramp', { ...atRamp, import_deadlines: railLfd(chiDay(2)) })], 3);
    expect(found).toMatchObject({
      id: 'ramp',
      waiting_at: 'inland_destination',
      last_free_day: chiDay(2),
      last_free_day_source: 'rail',
      days_left: 2,
      holds: null,
      risk_reasons: ['last_free_day_soon'],
    });
  });

  it('puts the fewest days left first and those held only last', () => {
    const found = containersAtRisk(
      [
        container('held', { ...atPort, holds_at_pod_terminal: [customs] }),
        container('later', { ...atPort, import_deadlines: terminalLfd(laDay(2)) }),
        container('sooner', { ...atRamp, import_deadlines: railLfd(chiDay(-1)) }),
      ],
      3,
    );
    expect(found.map((c) => c.id)).toEqual(['sooner', 'later', 'held']);
  });

  it('lists only waiting containers, each with a reason, and never more as the horizon shrinks', () => {
    const row = fc.record({
      id: fc.uuid(),
      lfd: fc.option(fc.integer({ min: -30, max: 30 })),
      held: fc.boolean(),
      stage: fc.constantFrom('water', 'port', 'ramp', 'picked_up', 'returned'),
    });
    const STAGES: Record<string, Partial<JourneyFacts>> = {
      water: { pod_arrived_at: AT },
      port: atPort,
      ramp: atRamp,
      picked_up: { ...atPort, pod_full_out_at: AT },
      returned: { ...atRamp, final_destination_full_out_at: AT, empty_terminated_at: AT },
    };
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.nat({ max: 30 }), (rows, days) => {
        const all = rows.map((r) =>
          container(r.id, {
            ...STAGES[r.stage],
            holds_at_pod_terminal: r.held ? [customs] : [],
            ind_facility_holds: r.held ? [customs] : null,
            import_deadlines: r.lfd === null ? terminalLfd(null) : { ...terminalLfd(laDay(r.lfd)), pickup_lfd_rail: chiDay(r.lfd) },
          }),
        );
        const found = containersAtRisk(all, days);
        for (const c of found) {
          expect(c.reasons.length).toBeGreaterThan(0);
          expect(['port', 'ramp']).toContain(rows.find((r) => r.id === c.id)?.stage);
        }
        expect(containersAtRisk(all, Math.max(0, days - 1)).length).toBeLessThanOrEqual(found.length);
      }),
    );
  });
});
