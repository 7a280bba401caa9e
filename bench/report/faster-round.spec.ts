import { fasterRound, interleavedRounds } from './faster-round';
import type { Measurement } from './results-table';

const round = (throughput: number, errors = 0, firstError: string | null = null): Measurement => ({
  throughput,
  p50Ms: 1000 / throughput,
  p99Ms: 2000 / throughput,
  operations: throughput,
  errors,
  firstError,
});

describe('faster round', () => {
  it.each([
    [null, round(50), round(50)],
    [round(40), round(50), round(50)],
    [round(60), round(50), round(60)],
  ])('keeps the round with more per second (%#)', (best, next, expected) => {
    expect(fasterRound(best, next)).toEqual(expected);
  });

  it('keeps the errors of the slower round too', () => {
    expect(fasterRound(round(40, 2, '2 × 429'), round(50))).toMatchObject({ throughput: 50, errors: 2, firstError: '2 × 429' });
  });

  it('alternates the sides round by round and reports each side its faster round', async () => {
    const calls: string[] = [];
    const figures = { quayside: [10, 30], bare: [90, 70] };
    const next = (side: 'quayside' | 'bare') => async () => {
      calls.push(side);
      return round(figures[side].shift()!);
    };
    const best = await interleavedRounds(2, { quayside: next('quayside'), bare: next('bare') });
    expect(calls).toEqual(['quayside', 'bare', 'quayside', 'bare']);
    expect(best.quayside.throughput).toBe(30);
    expect(best.bare.throughput).toBe(90);
  });
});
