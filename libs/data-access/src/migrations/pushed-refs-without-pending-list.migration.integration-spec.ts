import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * A shipment's pushed events are found by reading the GIN index's entries for its number, not a
 * list of every entry pushed since the last vacuum (migration PushedRefsWithoutPendingList).
 */
describe('migration PushedRefsWithoutPendingList', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('reads a few pages of the refs index for one number, behind 5,000 events pushed since the last vacuum', async () => {
    await db.dataSource.query(
      `INSERT INTO dcsa_pushed_events (connection, event_id, version_key, refs, body, position)
       SELECT 'HLCU', 'event-' || n, 'v1', ARRAY['HLCU' || n, 'HLXU' || lpad(n::text, 7, '0')], '{}'::json, 0 FROM generate_series(1, 5000) n`,
    );
    await db.dataSource.query('ANALYZE dcsa_pushed_events');
    const [row] = await db.dataSource.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       SELECT body FROM dcsa_pushed_events WHERE connection = $1 AND refs @> ARRAY[$2]::text[] ORDER BY created_at, position, id`,
      ['HLCU', 'HLXU0000077'],
    );
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const scan = nodes(row!['QUERY PLAN'][0]!.Plan).find((node) => node['Index Name'] === 'idx_dcsa_pushed_events_refs');
    // With GIN's pending list (its default) the same lookup read 32 pages of it; at 4 MB of entries, 512.
    expect(scan).toBeDefined();
    expect(scan!['Shared Hit Blocks'] + scan!['Shared Read Blocks']).toBeLessThan(8);
  });
});
