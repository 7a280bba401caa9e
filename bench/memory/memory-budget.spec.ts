import { formatMemoryTable, MEMORY_BUDGET_MB, overBudget } from './memory-budget';
import type { AppMemory } from './memory-budget';

const within: AppMemory = { app: 'api', idleRssMb: 120.4, idleRangeMb: [118.2, 131.0], peakRssMb: 180.2 };

describe('memory budget', () => {
  it('is 150 MB at rest and 250 MB under the bench', () => {
    expect(MEMORY_BUDGET_MB).toEqual({ idle: 150, underLoad: 250 });
  });

  it.each<[string, AppMemory, string[]]>([
    ['both within', within, []],
    ['exactly at the budgets', { ...within, idleRssMb: 150, peakRssMb: 250 }, []],
    ['idle over', { ...within, idleRssMb: 150.1 }, ['api idle 150.1 MB > 150 MB']],
    ['under load over', { ...within, app: 'tracker-worker', peakRssMb: 251 }, ['tracker-worker under load 251.0 MB > 250 MB']],
    [
      'both over',
      { ...within, app: 'webhook-dispatcher', idleRssMb: 160, peakRssMb: 300 },
      ['webhook-dispatcher idle 160.0 MB > 150 MB', 'webhook-dispatcher under load 300.0 MB > 250 MB'],
    ],
    ['not measured', { ...within, idleRssMb: null, idleRangeMb: null, peakRssMb: null }, []],
  ])('%s', (_case, memory, breaches) => {
    expect(overBudget([memory])).toEqual(breaches);
  });

  it('tables each app with its figures, their range and the budgets', () => {
    const table = formatMemoryTable([within, { app: 'tracker-worker', idleRssMb: null, idleRangeMb: null, peakRssMb: 200 }], 60);
    expect(table.split('\n')).toEqual([
      '| app | idle RSS after 60 s (range) | budget | peak RSS under the bench | budget |',
      '| --- | ---: | ---: | ---: | ---: |',
      '| api | 120.4 MB (118.2–131.0) | ≤ 150 MB | 180.2 MB | ≤ 250 MB |',
      '| tracker-worker | not measured | ≤ 150 MB | 200.0 MB | ≤ 250 MB |',
    ]);
  });
});
