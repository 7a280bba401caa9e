import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { createDatabaseConnection } from '../database/database-connection';
import { recordStatementsDuring } from '../database/statement-recorder';
import { DcsaPushedEventRepository } from './dcsa-pushed-event.repository';
import { queryRows } from './query-rows';

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

/**
 * A push is stored by one statement at the rate carriers push (200 a second in the freshness
 * bench): planned anew each time it took 1.05 ms of Postgres to plan against 0.54 ms to run, so it
 * must settle on one plan per connection.
 */
describe('DcsaPushedEventRepository.record', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    // Followed shipments of six carriers with their statistics, as a deployment has them: the
    // planner's estimates for the numbers looked up are what made a plan for the values cheaper.
    await db.dataSource.query(`
      WITH account AS (INSERT INTO accounts (company_name) VALUES ('A') RETURNING id),
      physical AS (
        INSERT INTO carrier_shipments (shipping_line_scac, normalized_number, query_type, query_number, tracking_since)
        SELECT (ARRAY['HLCU', 'ONEY', 'MSCU', 'MAEU', 'CMDU', 'EGLV'])[i % 6 + 1], 'BL' || lpad(i::text, 8, '0'), 'bill_of_lading', 'BL' || lpad(i::text, 8, '0'), now()
        FROM generate_series(1, 3000) AS i
        RETURNING id, shipping_line_scac, normalized_number
      ),
      followed AS (
        INSERT INTO shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, carrier_shipment_id)
        SELECT account.id, p.normalized_number, p.normalized_number, p.shipping_line_scac, p.id FROM physical p, account
        RETURNING id, account_id
      )
      INSERT INTO containers (account_id, shipment_id, number)
      SELECT f.account_id, f.id, 'QSDU' || lpad((row_number() OVER () * 2 + k)::text, 7, '0') FROM followed f, generate_series(0, 1) AS k`);
    await db.dataSource.query('ANALYZE');
  });

  afterAll(async () => {
    await db.drop();
  });

  it('keeps one plan of the push statement per connection after its first executions', async () => {
    // The api's connections plan for the values they run with (no generic plans forced); one
    // connection, so the prepared statement read back is the one the pushes ran.
    const connection = await createDatabaseConnection(db.url, {}, { poolSize: 1 }).initialize();
    try {
      const pushed = new DcsaPushedEventRepository(connection);
      for (let n = 1; n <= 10; n += 1) {
        // An HLCU shipment named by its bill of lading (odd pushes) or by one of its containers (even ones).
        const [named] = await queryRows<{ id: string; ref: string }>(
          connection,
          `SELECT cs.id, CASE WHEN $2 % 2 = 1 THEN cs.normalized_number ELSE min(c.number) END AS ref
           FROM carrier_shipments cs JOIN shipments s ON s.carrier_shipment_id = cs.id JOIN containers c ON c.shipment_id = s.id
           WHERE cs.normalized_number = $1 GROUP BY cs.id`,
          [`BL${String(6 * n).padStart(8, '0')}`, n],
        );
        const recorded = await pushed.record(
          'HLCU',
          [{ eventId: `event-${n}`, versionKey: 'v1', refs: [named!.ref, 'NOBODY0000001'], body: { n } }],
          { queue: 'tracker', jobName: 'apply-dcsa-push' },
        );
        expect(recorded).toEqual({ stored: 1, duplicates: 0, refreshed: [named!.id] });
      }
      const [plans] = await queryRows<{ generic_plans: string; custom_plans: string }>(
        connection,
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO dcsa_pushed_events%'`,
      );
      // Postgres plans a statement's first five executions for their values, then keeps the
      // generic plan when it costs no more.
      expect({ generic: Number(plans?.generic_plans), custom: Number(plans?.custom_plans) }).toEqual({ generic: 5, custom: 5 });
    } finally {
      await connection.destroy();
    }
  });
});
