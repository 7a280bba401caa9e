import { DEFAULT_REFRESH_CADENCE } from '@quayside/domain';
import { dueAdherence } from './due-adherence';
import type { DueShipment } from './due-adherence';

// `arriving`: 7,200 s; with 20 % jitter and a 5 s tick the deadline is 8,645 s after the previous answer.
const RULES = { cadence: DEFAULT_REFRESH_CADENCE, jitterRatio: 0.2, tickMs: 5_000, windowEnd: 10_000_000 };
const DEADLINE = 8_645_000;
const at = (refreshedAt: number | null, dueAt = 7_200_000, scac = 'MSCU'): DueShipment => ({
  scac,
  phase: 'arriving',
  previousFetchedAt: 0,
  dueAt,
  refreshedAt,
});

describe('dueAdherence', () => {
  it.each([
    ['answered as it came due', [at(7_200_000)], { onTime: 1, late: 0, undecided: 0, adherence: 1 }],
    ['answered on the deadline itself', [at(DEADLINE)], { onTime: 1, late: 0, undecided: 0, adherence: 1 }],
    ['answered a millisecond after it', [at(DEADLINE + 1)], { onTime: 0, late: 1, undecided: 0, adherence: 0 }],
    ['answered early (a push started it)', [at(7_000_000)], { onTime: 1, late: 0, undecided: 0, adherence: 1 }],
    ['not answered, the deadline passed in the window', [at(null)], { onTime: 0, late: 1, undecided: 0, adherence: 0 }],
    [
      'not answered, the deadline after the window: not judged',
      [at(null, 9_990_000)].map((row) => ({ ...row, previousFetchedAt: 9_990_000 - 7_200_000 })),
      { onTime: 0, late: 0, undecided: 1, adherence: null },
    ],
    [
      'one of four late',
      [at(7_200_000), at(7_300_000), at(8_000_000), at(9_000_000)],
      { onTime: 3, late: 1, undecided: 0, adherence: 0.75 },
    ],
    ['nothing due', [], { onTime: 0, late: 0, undecided: 0, adherence: null }],
  ])('%s', (_name, rows, expected) => {
    expect(dueAdherence(rows, RULES)).toMatchObject(expected);
  });

  it('takes each phase its own interval', () => {
    // on_water: 43,200 s, so an answer at 9,000 s is within its deadline where an arriving one is late.
    const onWater: DueShipment = { ...at(9_000_000), phase: 'on_water' };
    expect(dueAdherence([onWater, at(9_000_000)], RULES)).toMatchObject({ onTime: 1, late: 1 });
  });

  it('measures the delay from coming due of the answered, and how long the unanswered had been due at the end', () => {
    const result = dueAdherence([at(7_201_000), at(7_203_000), at(null, 9_000_000), at(null, 9_990_000)], RULES);
    expect(result).toMatchObject({ delayP50Ms: 1_000, delayP99Ms: 3_000, overdue: 2, overdueP50Ms: 10_000, overdueP99Ms: 1_000_000 });
  });

  it('counts per carrier what it judged', () => {
    const result = dueAdherence([at(7_200_000, 7_200_000, 'EGLV'), at(null, 7_200_000, 'EGLV'), at(7_200_000)], RULES);
    expect(result.byCarrier.get('EGLV')).toEqual({ onTime: 1, judged: 2 });
    expect(result.byCarrier.get('MSCU')).toEqual({ onTime: 1, judged: 1 });
  });
});
