import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { recordStatementsDuring } from '../database/statement-recorder';
import { DcsaPushedEventRepository } from './dcsa-pushed-event.repository';

/**
 * A push is applied over the pushed events naming its shipment's number (docs/dcsa.md, "Carriers
 * that push"): each number must get its own carrier's events, in the order they arrived, however
 * many numbers are looked up together.
 */
describe('DcsaPushedEventRepository.eventsNaming', () => {
  let db: ScratchDatabase;
  let pushed: DcsaPushedEventRepository;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    pushed = new DcsaPushedEventRepository(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  /** A pushed event of `connection` naming `refs`, arrived at `second` past noon; its body names it. */
  async function push(connection: string, name: string, refs: string[], second: number, position = 0): Promise<void> {
    await db.dataSource.query(
      `INSERT INTO dcsa_pushed_events (connection, event_id, version_key, refs, body, position, created_at)
       VALUES ($1, $2, 'v1', $3::text[], json_build_object('name', $2::text), $4, $5)`,
      [connection, name, refs, position, new Date(Date.UTC(2026, 10, 29, 12, 0, second))],
    );
  }

  it("answers the numbers looked up together with one statement, each its carrier's events in order of arrival", async () => {
    await push('HLCU', 'second', ['HLCUBL1', 'HLXU0000011'], 2);
    await push('HLCU', 'first', ['HLCUBL1'], 1);
    await push('HLCU', 'same-instant-later', ['HLCUBL1'], 2, 1);
    await push('HLCU', 'other-shipment', ['HLCUBL2'], 3);
    await push('ONEY', 'other-carrier', ['HLCUBL1'], 4);

    const { result, statements } = await recordStatementsDuring(db.dataSource, async () =>
      Promise.all([
        pushed.eventsNaming('HLCU', 'HLCUBL1'),
        pushed.eventsNaming('HLCU', 'HLXU0000011'),
        pushed.eventsNaming('ONEY', 'HLCUBL1'),
        pushed.eventsNaming('HLCU', 'NOBODY'),
        pushed.eventsNaming('HLCU', 'HLCUBL2'),
      ]),
    );

    const names = (events: unknown[]) => events.map((event) => (event as { name: string }).name);
    expect(result.map(names)).toEqual([['first', 'second', 'same-instant-later'], ['second'], ['other-carrier'], [], ['other-shipment']]);
    expect(statements).toHaveLength(1);
  });
});
