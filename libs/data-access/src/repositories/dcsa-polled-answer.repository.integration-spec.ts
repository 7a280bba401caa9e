import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { recordStatementsDuring } from '../database/statement-recorder';
import { DcsaPolledAnswerRepository } from './dcsa-polled-answer.repository';

const T = (minute: number): Date => new Date(Date.UTC(2026, 10, 29, 12, minute));
const KEY = ['HLCU', 'transportDocumentReference', 'QSBL300001'] as const;

/**
 * The last answer of a carrier per number (docs/dcsa.md, "Carriers that push"): a push is applied
 * over it, so two polls finishing out of order must leave the one asked later, and a number the
 * carrier no longer knows must leave nothing to apply a push over.
 */
describe('DcsaPolledAnswerRepository', () => {
  let db: ScratchDatabase;
  let answers: DcsaPolledAnswerRepository;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    answers = new DcsaPolledAnswerRepository(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  beforeEach(async () => {
    await db.dataSource.query('DELETE FROM dcsa_polled_answers');
  });

  it.each([
    [
      'a later answer replaces the kept one',
      [
        [1, ['a']],
        [2, ['b']],
      ],
      { events: ['b'], fetchedAt: T(2) },
    ],
    [
      'an answer asked earlier, finishing later, does not',
      [
        [2, ['b']],
        [1, ['a']],
      ],
      { events: ['b'], fetchedAt: T(2) },
    ],
    [
      'a 404 asked later removes it',
      [
        [1, ['a']],
        [2, null],
      ],
      null,
    ],
    [
      'a 404 asked earlier, finishing later, does not',
      [
        [2, ['b']],
        [1, null],
      ],
      { events: ['b'], fetchedAt: T(2) },
    ],
  ] as const)('%s', async (_case, polls, expected) => {
    for (const [minute, events] of polls) await answers.remember(...KEY, events === null ? null : [...events], T(minute));
    expect(await answers.last(...KEY)).toEqual(expected);
  });

  it('keeps one answer per connection, parameter and number, the events exactly as listed', async () => {
    const listed = [{ eventID: 'qs-300-05', eventDateTime: '2026-03-06T11:00:00+08:00' }];
    await answers.remember(...KEY, listed, T(1));
    await answers.remember('HLCU', 'carrierBookingReference', 'QSBK300001', [], T(1));
    expect(await answers.last(...KEY)).toEqual({ events: listed, fetchedAt: T(1) });
    expect(await answers.last('HLCU', 'carrierBookingReference', 'QSBK300001')).toEqual({ events: [], fetchedAt: T(1) });
    expect(await answers.last('ONEY', KEY[1], KEY[2])).toBeNull();
  });

  it('answers the lookups asked together with one statement, each its own answer', async () => {
    await answers.remember(...KEY, ['a'], T(1));
    await answers.remember('HLCU', 'carrierBookingReference', 'QSBK300001', ['b'], T(2));
    const { result, statements } = await recordStatementsDuring(db.dataSource, async () =>
      Promise.all([
        answers.last('HLCU', 'carrierBookingReference', 'QSBK300001'),
        answers.last('ONEY', KEY[1], KEY[2]),
        answers.last(...KEY),
        answers.last(...KEY),
      ]),
    );
    expect(result).toEqual([
      { events: ['b'], fetchedAt: T(2) },
      null,
      { events: ['a'], fetchedAt: T(1) },
      { events: ['a'], fetchedAt: T(1) },
    ]);
    expect(statements).toHaveLength(1);
    // Nothing is kept between lookups: an answer replaced since is read as it is now.
    await answers.remember(...KEY, ['c'], T(3));
    expect(await answers.last(...KEY)).toEqual({ events: ['c'], fetchedAt: T(3) });
  });
});
