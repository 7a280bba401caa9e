import fc from 'fast-check';
import { transportEventDedupeKey } from './transport-event-dedupe-key';

describe('transportEventDedupeKey', () => {
  it.each([
    ['another time only (a correction of the same milestone)', { timestamp: '2026-08-14T09:31:00Z' }, {}, true],
    ['another location', { location_locode: 'USLGB' }, { location_locode: 'USLAX' }, false],
    ['another event', { event: 'container.transport.vessel_departed' }, {}, false],
    ['another leg (a second vessel call at the same place)', { leg: 1 }, { leg: 0 }, false],
    ['no leg is the first leg', { leg: null }, { leg: 0 }, true],
    ['no location against a location', { location_locode: null }, {}, false],
  ])('%s: same milestone = %s', (_name, left, right, same) => {
    const base = { event: 'container.transport.vessel_arrived', location_locode: 'USLAX', timestamp: '2026-08-14T09:30:00.000Z', leg: 0 };
    expect(transportEventDedupeKey({ ...base, ...left }) === transportEventDedupeKey({ ...base, ...right })).toBe(same);
  });

  it('tells apart any two milestones that differ in event, place or leg, and never by time', () => {
    const milestone = fc.record({
      event: fc.constantFrom('container.transport.vessel_arrived', 'container.transport.full_out'),
      location_locode: fc.option(fc.constantFrom('USLAX', 'USLGB', 'CNSHA'), { nil: null }),
      leg: fc.integer({ min: 0, max: 3 }),
      timestamp: fc.option(
        fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms)),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(milestone, milestone, (a, b) => {
        const same = a.event === b.event && a.location_locode === b.location_locode && a.leg === b.leg;
        return (transportEventDedupeKey(a) === transportEventDedupeKey(b)) === same;
      }),
    );
  });
});
