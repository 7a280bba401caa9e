import { LARGE_TOTAL_TTL_MS, ListTotals } from './list-totals';

describe('ListTotals', () => {
  it('counts a large total once, keeps it a minute, then counts again', async () => {
    let now = 1_000;
    const totals = ListTotals.withClock(() => now);
    const counted: number[] = [];
    let rows = 5_000;
    const count = async (): Promise<number> => {
      counted.push(rows);
      return rows;
    };
    expect(await totals.largeTotal('containers of A', count)).toBe(5_000);
    rows = 5_001;
    now = 1_000 + LARGE_TOTAL_TTL_MS - 1;
    expect(await totals.largeTotal('containers of A', count)).toBe(5_000);
    now = 1_000 + LARGE_TOTAL_TTL_MS + 1;
    expect(await totals.largeTotal('containers of A', count)).toBe(5_001);
    expect(counted).toEqual([5_000, 5_001]);
  });

  it('keeps each filter apart', async () => {
    const totals = ListTotals.withClock(() => 1_000);
    expect(await totals.largeTotal('status=available', async () => 1_500)).toBe(1_500);
    expect(await totals.largeTotal('status=empty_returned', async () => 2_500)).toBe(2_500);
    expect(await totals.largeTotal('status=available', async () => 9)).toBe(1_500);
  });
});
