import fc from 'fast-check';
import { FEE_TYPES } from '../enums/holds-and-fees.enum';
import type { Fee } from '../resources/terminal-data';
import { feeTotalsByCurrency } from './holds-and-fees.rules';

const fee = (type: Fee['type'], amount: number, currency = 'USD'): Fee => ({ type, amount, currency });
const usd = (fees: readonly Fee[]): number => feeTotalsByCurrency(fees)['USD'] ?? 0;

describe('fee sums', () => {
  it.each([
    [[], 0],
    [[fee('demurrage', 150)], 150],
    [[fee('demurrage', 150), fee('exam', 75.5), fee('total', 225.5)], 225.5],
    [[fee('total', 999)], 0],
    [[fee('extended_dwell_time', 0.1), fee('other', 0.2)], 0.3],
    [[fee('demurrage', 100), fee('demurrage', 80, 'CAD')], 100],
  ])('%j sums to %p USD', (fees, sum) => {
    expect(usd(fees)).toBe(sum);
  });

  it.each(FEE_TYPES.filter((t) => t !== 'total').map((t) => [t]))('counts %s fees', (type) => {
    expect(usd([fee(type, 12.34)])).toBe(12.34);
  });

  it('sums per currency', () => {
    expect(feeTotalsByCurrency([fee('demurrage', 100), fee('exam', 80, 'cad'), fee('total', 180), fee('other', 20, 'CAD')])).toEqual({
      USD: 100,
      CAD: 100,
    });
    expect(feeTotalsByCurrency([fee('exam', 80, 'cad')])).toEqual({ CAD: 80 });
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
        expect(usd(withTotal)).toBe(usd(list));
      }),
    );
  });

  it('the sum does not depend on the order of the entries', () => {
    fc.assert(fc.property(fees, (list) => expect(usd([...list].reverse())).toBe(usd(list))));
  });
});
