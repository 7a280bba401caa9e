import fc from 'fast-check';
import { transportEventDedupeKey } from './transport-event-dedupe-key';

describe('transportEventDedupeKey', () => {
  it.each([
    ['the same instant written two ways', { timestamp: '2026-08-14T09:30:00Z' }, { timestamp: new Date('2026-08-14T11:30:00+02:00') }, true],
    ['another location', { location_locode: 'USLGB' }, { location_locode: 'USLAX' }, false],
    ['another event', { event: 'container.transport.vessel_departed' }, {}, false],
    ['another instant', { timestamp: '2026-08-14T09:31:00Z' }, {}, false],
    ['no location against a location', { location_locode: null }, {}, false],
  ])('%s: same milestone = %s', (_name, left, right, same) => {
    const base = { event: 'container.transport.vessel_arrived', location_locode: 'USLAX', timestamp: '2026-08-14T09:30:00.000Z' };
    expect(transportEventDedupeKey({ ...base, ...left }) === transportEventDedupeKey({ ...base, ...right })).toBe(same);
  });

  it('tells apart any two milestones that differ in event, place or instant', () => {
    const milestone = fc.record({
      event: fc.constantFrom('container.transport.vessel_arrived', 'container.transport.full_out'),
      location_locode: fc.option(fc.constantFrom('USLAX', 'USLGB', 'CNSHA'), { nil: null }),
      timestamp: fc.option(fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms)), { nil: null }),
    });
    fc.assert(
      fc.property(milestone, milestone, (a, b) => {
        const same = a.event === b.event && a.location_locode === b.location_locode && a.timestamp?.getTime() === b.timestamp?.getTime();
        return (transportEventDedupeKey(a) === transportEventDedupeKey(b)) === same;
      }),
    );
  });
});
