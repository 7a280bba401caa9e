import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { PUSHED_EVENTS_NAMING_SQL } from '../repositories/dcsa-pushed-event.repository';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * A shipment's pushed events are found by reading the GIN index's entries for its number, not a
 * list of every entry pushed since the last vacuum (migration PushedRefsWithoutPendingList), nor
 * every entry of the carrier (PUSHED_EVENTS_NAMING_SQL).
 */
describe('migration PushedRefsWithoutPendingList', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('finds them by the refs index alone in a table never analyzed', async () => {
    // Two carriers' 12,000 events and no statistics yet (autovacuum behind, or off): the lookup ANDed
    // with the (connection, created_at) index read every entry of the carrier.
    await push('HLCU', 1, 6000);
    await push('ONEY', 6001, 12_000);
    const scans = await planOf('HLXU0000077');
    expect(scans.map((node) => node['Index Name']).filter(Boolean)).toEqual(['idx_dcsa_pushed_events_refs']);
  });

  it('reads a few pages of the refs index for one number, behind 5,000 events pushed since the last vacuum', async () => {
    await db.dataSource.query('TRUNCATE dcsa_pushed_events');
    await push('HLCU', 1, 5000);
    await db.dataSource.query('ANALYZE dcsa_pushed_events');
    const scans = await planOf('HLXU0000077');
    const refs = scans.find((node) => node['Index Name'] === 'idx_dcsa_pushed_events_refs');
    // With GIN's pending list (its default) the same lookup read 32 pages of it; at 4 MB of entries, 512.
    expect(refs).toBeDefined();
    expect(refs!['Shared Hit Blocks'] + refs!['Shared Read Blocks']).toBeLessThan(8);
  });

  async function push(connection: string, from: number, to: number): Promise<void> {
    await db.dataSource.query(
      `INSERT INTO dcsa_pushed_events (connection, event_id, version_key, refs, body, position)
       SELECT $1, 'event-' || n, 'v1', ARRAY['HLCU' || n, 'HLXU' || lpad(n::text, 7, '0')], '{}'::json, 0 FROM generate_series($2::int, $3::int) n`,
      [connection, from, to],
    );
  }

  /** Every node of the lookup's plan, as run. */
  async function planOf(number: string): Promise<PlanNode[]> {
    const [row] = await db.dataSource.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${PUSHED_EVENTS_NAMING_SQL}`,
      [['HLCU'], [number]],
    );
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    return nodes(row!['QUERY PLAN'][0]!.Plan);
  }
});
