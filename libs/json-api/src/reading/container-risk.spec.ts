import fc from 'fast-check';
import { containersAtRisk } from './container-risk';
import type { ContainerJourney } from './journey-summary';

const NOW = new Date('2026-08-14T12:00:00Z');
const DAY = 86_400_000;

function journey(id: string, overrides: Partial<ContainerJourney> = {}): ContainerJourney {
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
    shipment: null,
    milestones: [],
    ...overrides,
  };
}

const lfdIn = (days: number): string => new Date(NOW.getTime() + days * DAY).toISOString();

describe('containersAtRisk', () => {
  it.each([
    ['last free day tomorrow', { last_free_day: lfdIn(1) }, ['last free day within 3 day(s)']],
    ['last free day passed', { last_free_day: lfdIn(-2) }, ['last free day has passed']],
    ['last free day exactly at the horizon', { last_free_day: lfdIn(3) }, ['last free day within 3 day(s)']],
    ['a hold, no last free day', { holds: [{ name: 'customs' }] }, ['1 hold(s) at the terminal']],
    [
      'both',
      { last_free_day: lfdIn(0.5), holds: [{ name: 'customs' }, { name: 'freight' }] },
      ['last free day within 3 day(s)', '2 hold(s) at the terminal'],
    ],
  ])('%s: at risk', (_name, overrides, reasons) => {
    expect(containersAtRisk([journey('a', overrides)], NOW, 3)[0]?.reasons).toEqual(reasons);
  });

  it.each([
    ['last free day beyond the horizon', { last_free_day: lfdIn(3.5) }],
    ['nothing known', {}],
    [
      'picked up despite a passed last free day and a hold',
      { last_free_day: lfdIn(-1), pod_full_out_at: lfdIn(-2), holds: [{ name: 'customs' }] },
    ],
  ])('%s: not at risk', (_name, overrides) => {
    expect(containersAtRisk([journey('a', overrides)], NOW, 3)).toEqual([]);
  });

  it('puts the earliest last free day first and those with only holds last', () => {
    const found = containersAtRisk(
      [journey('held', { holds: [{}] }), journey('later', { last_free_day: lfdIn(2) }), journey('sooner', { last_free_day: lfdIn(-1) })],
      NOW,
      3,
    );
    expect(found.map((c) => c.id)).toEqual(['sooner', 'later', 'held']);
  });

  it('returns only containers still at the terminal, each with a reason, and never more as the horizon shrinks', () => {
    const arbitraryJourney = fc.record({
      id: fc.uuid(),
      lfd: fc.option(fc.integer({ min: -30, max: 30 })),
      holds: fc.nat({ max: 2 }),
      pickedUp: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryJourney, { maxLength: 20 }), fc.nat({ max: 30 }), (rows, days) => {
        const journeys = rows.map((r) =>
          journey(r.id, {
            last_free_day: r.lfd === null ? null : lfdIn(r.lfd),
            holds: Array.from({ length: r.holds }, () => ({})),
            pod_full_out_at: r.pickedUp ? lfdIn(-40) : null,
          }),
        );
        const found = containersAtRisk(journeys, NOW, days);
        for (const c of found) {
          expect(c.reasons.length).toBeGreaterThan(0);
          expect(journeys.find((j) => j.id === c.id)?.pod_full_out_at).toBeNull();
        }
        expect(containersAtRisk(journeys, NOW, Math.max(0, days - 1)).length).toBeLessThanOrEqual(found.length);
      }),
    );
  });
});
