import { DEFAULT_REFRESH_CADENCE } from '@quayside/domain';
import { compressedCadence } from './freshness-stats';
import { ARRIVING_MIX, DOCUMENTED_MIX, phaseDraw, phaseShares, refreshesPerMinute } from './freshness-cadence';

describe('refreshesPerMinute', () => {
  it.each([
    // docs/tracking-requests.md, "What 1,000 active shipments cost": 4,920 requests a day.
    ['the documented mix of 1,000 at the default cadence', 1_000, DOCUMENTED_MIX, DEFAULT_REFRESH_CADENCE, 4_920 / 1_440],
    ['a million of it: 57 a second', 1_000_000, DOCUMENTED_MIX, DEFAULT_REFRESH_CADENCE, 4_920_000 / 1_440],
    ['the same compressed 60×: 60 times as many', 1_000, DOCUMENTED_MIX, compressedCadence(60), (4_920 * 60) / 1_440],
    ['6,000 arriving every 120 s', 6_000, ARRIVING_MIX, compressedCadence(60), 3_000],
    ['a mix given as shares, not counts', 1_000, { on_water: 1, arriving: 1 }, DEFAULT_REFRESH_CADENCE, 500 / 720 + 500 / 120],
  ])('%s', (_name, shipments, mix, cadence, expected) => {
    expect(refreshesPerMinute(shipments, mix, cadence)).toBeCloseTo(expected, 6);
  });
});

describe('phaseShares', () => {
  it('lists the phases with shipments, most urgent first, their shares summing to one', () => {
    const shares = phaseShares(DOCUMENTED_MIX);
    expect(shares.map(({ phase }) => phase)).toEqual([
      'last_free_day_near',
      'waiting_for_pickup',
      'arriving',
      'rail_arriving',
      'on_rail',
      'before_departure',
      'unknown',
      'after_pickup',
      'on_water',
    ]);
    expect(shares.reduce((sum, { share }) => sum + share, 0)).toBeCloseTo(1, 12);
    expect(shares[0]).toEqual({ phase: 'last_free_day_near', share: 0.04 });
  });

  it('refuses a mix without shipments', () => {
    expect(() => phaseShares({})).toThrow(RangeError);
  });
});

describe('phaseDraw', () => {
  it.each([
    ['one phase owns all of [0, 1)', ARRIVING_MIX, ['arriving'], [0], [7_200]],
    ['each phase owns its share, in order', { arriving: 1, on_water: 3 }, ['arriving', 'on_water'], [0, 0.25], [7_200, 43_200]],
  ])('%s', (_name, mix, phases, lowerBounds, intervals) => {
    expect(phaseDraw(mix, DEFAULT_REFRESH_CADENCE)).toEqual({ phases, lowerBounds, intervals });
  });
});
