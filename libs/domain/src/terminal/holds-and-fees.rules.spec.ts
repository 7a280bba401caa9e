import fc from 'fast-check';
import { FEE_TYPES } from '../enums/holds-and-fees.enum';
import type { Fee, Hold } from '../resources/terminal-data';
import { clearHold, feeTotalsByCurrency, sumFees } from './holds-and-fees.rules';

const customs: Hold = { name: 'customs', status: 'hold', description: null };

// Readiness (available where it waits, no hold there) is the journey's: container-journey.rules.spec.ts.
describe('clearing a hold', () => {
  it('removes the entry (a cleared hold is gone, not released), and only that one', () => {
    expect(clearHold([customs], 'customs')).toEqual([]);
    const freight: Hold = { name: 'freight', status: 'pending', description: null };
    expect(clearHold([customs, freight], 'customs')).toEqual([freight]);
  });
});

const fee = (type: Fee['type'], amount: number, currency = 'USD'): Fee => ({ type, amount, currency });

describe('fee sums', () => {
  it.each([
    [[], 0],
    [[fee('demurrage', 150)], 150],
    [[fee('demurrage', 150), fee('exam', 75.5), fee('total', 225.5)], 225.5],
    [[fee('total', 999)], 0],
    [[fee('extended_dwell_time', 0.1), fee('other', 0.2)], 0.3],
    [[fee('demurrage', 100), fee('demurrage', 80, 'CAD')], 100],
  ])('%j sums to %p USD', (fees, sum) => {
    expect(sumFees(fees)).toBe(sum);
  });

  it.each(FEE_TYPES.filter((t) => t !== 'total').map((t) => [t]))('counts %s fees', (type) => {
    expect(sumFees([fee(type, 12.34)])).toBe(12.34);
  });

  it('sums per currency', () => {
    expect(feeTotalsByCurrency([fee('demurrage', 100), fee('exam', 80, 'cad'), fee('total', 180), fee('other', 20, 'CAD')])).toEqual({
      USD: 100,
      CAD: 100,
    });
    expect(sumFees([fee('exam', 80, 'CAD')], 'cad')).toBe(80);
  });

  const fees = fc.array<Fee>(
    fc.record({
      type: fc.constantFrom(...FEE_TYPES.filter((t) => t !== 'total')),
      amount: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
      currency: fc.constant('USD'),
    }),
    { maxLength: 10 },
  );

  it('adding a total entry anywhere never changes the sum', () => {
    fc.assert(
      fc.property(fees, fc.integer({ min: 0, max: 10_000_000 }), fc.nat(), (list, totalCents, position) => {
        const withTotal = [...list];
        withTotal.splice(position % (list.length + 1), 0, fee('total', totalCents / 100));
        expect(sumFees(withTotal)).toBe(sumFees(list));
      }),
    );
  });

  it('the sum does not depend on the order of the entries', () => {
    fc.assert(fc.property(fees, (list) => expect(sumFees([...list].reverse())).toBe(sumFees(list))));
  });
});
