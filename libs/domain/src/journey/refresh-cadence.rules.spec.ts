import fc from 'fast-check';
import type { Journey } from './container-journey.rules';
import type { RefreshPhase } from './refresh-cadence.rules';
import { DEFAULT_REFRESH_CADENCE, REFRESH_PHASES, parseRefreshCadence, refreshDelayMs, refreshPhaseOf } from './refresh-cadence.rules';

const NOW = new Date('2026-11-29T10:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number): Date => new Date(NOW.getTime() + hours * HOUR);
type J = Pick<Journey, 'phase' | 'waiting_at' | 'days_left'>;
const moving = (phase: Journey['phase']): J => ({ phase, waiting_at: null, days_left: null });
const waiting = (place: 'port_of_discharge' | 'inland_destination', daysLeft: number | null): J => ({
  phase: place === 'port_of_discharge' ? 'at_port' : 'at_inland_destination',
  waiting_at: place,
  days_left: daysLeft,
});

describe('refreshPhaseOf: the cadence phase of a shipment', () => {
  it.each<[string, J[], Date | null, Date | null, RefreshPhase, number]>([
    ['no container known yet', [], null, null, 'unknown', 3],
    ['booked, empty not yet out', [moving('not_started')], at(20 * 24), null, 'before_departure', 6],
    ['at the origin terminal', [moving('at_origin')], at(20 * 24), null, 'before_departure', 6],
    ['mid-ocean, arrival in 10 days', [moving('on_water')], at(240), null, 'on_water', 12],
    ['on water, arrival date unknown', [moving('on_water')], null, null, 'on_water', 12],
    ['on water, arrival in 47 h', [moving('on_water')], at(47), null, 'arriving', 2],
    ['on water, arrival overdue', [moving('on_water')], at(-5), null, 'arriving', 2],
    ['discharged, not picked up, no last free day', [waiting('port_of_discharge', null)], at(-30), null, 'waiting_for_pickup', 2],
    ['discharged, last free day in 5 days', [waiting('port_of_discharge', 5)], at(-30), null, 'waiting_for_pickup', 2],
    ['discharged, last free day in 3 days', [waiting('port_of_discharge', 3)], at(-30), null, 'last_free_day_near', 1],
    ['discharged, last free day passed', [waiting('port_of_discharge', -2)], at(-30), null, 'last_free_day_near', 1],
    ['on rail, ramp arrival in 4 days', [moving('on_rail')], at(-48), at(96), 'on_rail', 6],
    ['on rail, ramp arrival in 24 h', [moving('on_rail')], at(-48), at(24), 'rail_arriving', 2],
    ['at the ramp, last free day tomorrow', [waiting('inland_destination', 1)], at(-96), at(-2), 'last_free_day_near', 1],
    ['picked up, empty not returned', [moving('picked_up')], at(-96), null, 'after_pickup', 12],
    [
      'one picked up, one waiting: the most urgent wins',
      [moving('picked_up'), waiting('port_of_discharge', null)],
      at(-30),
      null,
      'waiting_for_pickup',
      2,
    ],
    [
      'one picked up, one with a last free day today',
      [waiting('port_of_discharge', 0), moving('picked_up')],
      at(-30),
      null,
      'last_free_day_near',
      1,
    ],
  ])('%s → %s every %s h by default', (_case, journeys, podEtaAt, destinationEtaAt, phase, hours) => {
    const found = refreshPhaseOf({ journeys, podEtaAt, destinationEtaAt }, NOW);
    expect([found, DEFAULT_REFRESH_CADENCE[found] / 3600]).toEqual([phase, hours]);
  });

  it("measures the 48-hour horizon in the shipment's own days (a compressed sandbox clock)", () => {
    const facts = { journeys: [moving('on_water')], podEtaAt: at(1), destinationEtaAt: null };
    // 100 times compressed: 48 scenario hours are 28.8 real minutes; an arrival in 1 real hour is not near yet.
    expect(refreshPhaseOf(facts, NOW, 864_000)).toBe('on_water');
    expect(refreshPhaseOf(facts, NOW)).toBe('arriving');
  });

  it('lists the phases most urgent first, each with an interval no shorter than the one before (the default table)', () => {
    const urgent = REFRESH_PHASES.filter((p) => p !== 'unknown').map((p) => DEFAULT_REFRESH_CADENCE[p]);
    expect([...urgent].sort((a, b) => a - b)).toEqual(urgent);
  });
});

describe('refreshDelayMs', () => {
  it('stays within ±jitter of the phase interval, for any phase, ratio and random draw', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REFRESH_PHASES),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (phase, ratio, draw) => {
          const interval = DEFAULT_REFRESH_CADENCE[phase] * 1000;
          const delay = refreshDelayMs(phase, DEFAULT_REFRESH_CADENCE, ratio, () => draw);
          return delay >= Math.floor(interval * (1 - ratio)) && delay <= Math.ceil(interval * (1 + ratio));
        },
      ),
    );
  });

  it.each([
    [0, 'waiting_for_pickup', 0.2, 5_760_000],
    [0.5, 'waiting_for_pickup', 0.2, 7_200_000],
    [1, 'on_water', 0.1, 47_520_000],
  ] as const)('draw %s, %s, ±%s → %s ms', (draw, phase, ratio, expected) => {
    expect(refreshDelayMs(phase, DEFAULT_REFRESH_CADENCE, ratio, () => draw)).toBe(expected);
  });
});

describe('parseRefreshCadence', () => {
  it('replaces the named phases and keeps the others', () => {
    expect(parseRefreshCadence(' on_water=86400 , last_free_day_near=1800')).toEqual({
      ...DEFAULT_REFRESH_CADENCE,
      on_water: 86_400,
      last_free_day_near: 1800,
    });
    expect(parseRefreshCadence('')).toEqual(DEFAULT_REFRESH_CADENCE);
  });

  it.each([
    ['mid_ocean=3600', /"mid_ocean=3600" is not phase=seconds/],
    ['on_water=1h', /"on_water=1h" is not phase=seconds/],
    ['on_water=30', /60 to 604800 seconds/],
    ['on_water=700000', /60 to 604800 seconds/],
  ])('refuses %s, naming it', (text, message) => {
    expect(() => parseRefreshCadence(text)).toThrow(message);
  });
});
