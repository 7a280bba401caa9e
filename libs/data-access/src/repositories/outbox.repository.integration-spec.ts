import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { OUTBOX_CLAIM_SQL, OutboxRepository } from './outbox.repository';

interface PlanNode {
  'Actual Rows': number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

describe('OutboxRepository', () => {
  let db: ScratchDatabase;
  let outbox: OutboxRepository;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    outbox = new OutboxRepository(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  beforeEach(async () => {
    await db.dataSource.query('DELETE FROM outbox');
  });

  /**
   * Waits until no transaction on the server, in any database, is older than `xid` or holds a
   * snapshot from before it. A scan marks an index entry dead only when the row's deletion is
   * older than every snapshot Postgres may still have to serve, and for a row deleted after the
   * oldest transaction still open anywhere on the server it does not look further: another suite
   * or a bench running beside this one would otherwise decide the outcome.
   */
  const waitForNoTransactionBefore = async (xid: number): Promise<void> => {
    for (;;) {
      const [older] = await db.dataSource.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
         WHERE pid <> pg_backend_pid()
           AND (backend_xmin::text::bigint < $1 OR backend_xid::text::bigint < $1)`,
        [xid],
      );
      if (older!.count === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const entry = (n: number) => ({ queue: 'tracker', jobName: 'track', payload: { n } });

  it('writes a row only if the surrounding transaction commits', async () => {
    const kept = await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(1)));
    await expect(
      db.dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, entry(2));
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    const claimed = await outbox.claimPublishable(10, 60_000);
    expect(claimed.map((row) => row.id)).toEqual([kept.id]);
    expect(claimed[0]).toEqual({ id: kept.id, queue: 'tracker', job_name: 'track', payload: { n: 1 }, publish_count: 1 });
  });

  it('does not hand out a row before its available_at', async () => {
    await db.dataSource.transaction((manager) => outbox.enqueue(manager, { ...entry(1), availableAt: new Date(Date.now() + 60_000) }));
    await expect(outbox.claimPublishable(10, 0)).resolves.toEqual([]);
  });

  it('never gives the same row to two relays claiming at once', async () => {
    await db.dataSource.transaction(async (manager) => {
      for (let n = 0; n < 60; n += 1) await outbox.enqueue(manager, entry(n));
    });
    const other = new OutboxRepository(await db.connectAgain());
    const rounds = await Promise.all([
      outbox.claimPublishable(7, 60_000),
      other.claimPublishable(7, 60_000),
      outbox.claimPublishable(7, 60_000),
      other.claimPublishable(7, 60_000),
    ]);
    const ids = rounds.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(28);
  });

  it('publishes an unfinished row again once redeliver_after has passed, and a completed one never', async () => {
    const [a, b] = await db.dataSource.transaction(async (manager) => [
      await outbox.enqueue(manager, entry(1)),
      await outbox.enqueue(manager, entry(2)),
    ]);
    await outbox.claimPublishable(10, 60_000);
    await expect(outbox.claimPublishable(10, 60_000)).resolves.toEqual([]);
    await db.dataSource.transaction((manager) => outbox.complete(manager, a.id));
    await db.dataSource.query(`UPDATE outbox SET published_at = now() - interval '2 minutes'`);
    const again = await outbox.claimPublishable(10, 60_000);
    expect(again.map((row) => [row.id, row.publish_count])).toEqual([[b.id, 2]]);
  });

  it('steps over completed rows once: the first claim behind a burst marks their index entries dead for the next ones', async () => {
    // A burst completed and not vacuumed yet, its rows' availability in no order of the heap's,
    // and statistics saying few rows are open: the planner's case for a bitmap scan, which would
    // visit every one of them again on every claim. Autovacuum stays away from this table here: its
    // ANALYZE would replace these statistics, and its snapshot would keep the completed rows visible
    // to someone, so that no scan could mark them dead.
    await db.dataSource.query('ALTER TABLE outbox SET (autovacuum_enabled = false)');
    await db.dataSource.query(
      `INSERT INTO outbox (queue, job_name, payload, available_at) SELECT 'tracker', 'track', '{}', now() - random() * interval '1 hour' FROM generate_series(1, 5000)`,
    );
    await db.dataSource.query(`UPDATE outbox SET completed_at = now() WHERE random() < 0.99`);
    await db.dataSource.query(`ANALYZE outbox`);
    await db.dataSource.query(`UPDATE outbox SET completed_at = now() WHERE completed_at IS NULL`);
    const open = await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(1)));
    // The xid after the completions (32 bits, as pg_stat_activity shows them).
    const [after] = await db.dataSource.query<Array<{ xid: string }>>(`SELECT (txid_current() % 4294967296)::text AS xid`);
    await waitForNoTransactionBefore(Number(after!.xid));
    // The relay's batch, from a connection of its own, which computes the horizon afresh.
    const relay = new OutboxRepository(await db.connectAgain());
    await expect(relay.claimPublishable(1000, 60_000)).resolves.toMatchObject([{ id: open.id }]);
    await db.dataSource.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
    // Entries with equal keys share one posting-list item: its row ids are counted.
    const [entries] = await db.dataSource.query<Array<{ dead: number }>>(
      `SELECT coalesce(sum(coalesce(cardinality(i.tids), 1)) FILTER (WHERE i.dead), 0)::int AS dead
       FROM generate_series(1, (pg_relation_size('idx_outbox_unpublished') / current_setting('block_size')::int - 1)::int) AS b(n)
       CROSS JOIN LATERAL bt_page_stats('idx_outbox_unpublished', b.n) AS p
       CROSS JOIN LATERAL bt_page_items('idx_outbox_unpublished', b.n) AS i
       WHERE p.type = 'l'`,
    );
    expect(entries!.dead).toBeGreaterThanOrEqual(5000);
    await expect(relay.claimPublishable(1000, 60_000)).resolves.toEqual([]);
    // Long enough to wait out a transaction of another suite running beside this one.
  }, 180_000);

  it('does not read the jobs in flight: behind 20,000 of them a claim reads a few dozen pages, as behind none', async () => {
    // Jobs published and waiting on their queues (a burst the workers have not caught up with).
    await db.dataSource.query(
      `INSERT INTO outbox (queue, job_name, payload, available_at, published_at, publish_count)
       SELECT 'tracker', 'track', '{}', now() - interval '10 seconds', now() - random() * interval '5 seconds', 1 FROM generate_series(1, 20000)`,
    );
    await db.dataSource.query('ANALYZE outbox');
    const fresh = await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(1)));
    // The claim's own statement, as the relay runs it, with what it read.
    const plan = await db.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off');
      const [row] = await manager.query<
        Array<{ 'QUERY PLAN': Array<{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }> }>
      >(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${OUTBOX_CLAIM_SQL}`, [1000, 60_000, 12]);
      return row!['QUERY PLAN'][0]!.Plan;
    });
    // Walking the 20,000 entries of the jobs in flight reads some 600 pages (1,400 behind 50,000).
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(100);
    const [claimed] = await db.dataSource.query<Array<{ published: boolean }>>(
      `SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = $1`,
      [fresh.id],
    );
    expect(claimed!.published).toBe(true);
  });

  it('claims behind 40,000 done rows in a plan made when the outbox was analyzed empty, without a pass over the table per row', async () => {
    await db.dataSource.query('TRUNCATE outbox');
    await db.dataSource.query('ANALYZE outbox');
    const plan = await db.dataSource.transaction(async (manager) => {
      // As the workers' connections run it (genericPlans): planned once, on the first claim, here
      // an empty outbox (a process that started before the traffic came), then kept.
      await manager.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await manager.query(`PREPARE claim(int, int, int) AS ${OUTBOX_CLAIM_SQL}`);
      await manager.query('EXECUTE claim(1000, 60000, 12)');
      await manager.query(
        `INSERT INTO outbox (queue, job_name, payload, completed_at) SELECT 'tracker', 'track', '{}', now() FROM generate_series(1, 40000)`,
      );
      await manager.query(`INSERT INTO outbox (queue, job_name, payload) SELECT 'tracker', 'track', '{}' FROM generate_series(1, 300)`);
      const [row] = await manager.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
        'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE claim(1000, 60000, 12)',
      );
      await manager.query('DEALLOCATE claim');
      return row!['QUERY PLAN'][0]!.Plan;
    });
    expect(plan['Actual Rows']).toBe(300);
    // Joined to the outbox, the kept plan ran a nested loop over the whole table (the planner had
    // taken it for empty), reading every row once per row claimed: 4.4 s for 224 rows behind 41,683
    // in the freshness bench, some 3 s and millions of pages here.
    // A plan that believes the outbox empty may scan it once; it must not scan it once per row
    // claimed. Rows each node produced or filtered out, over all its loops: the work, counted.
    const visited = (node: PlanNode): number =>
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0)) *
        (node['Actual Loops'] ?? 1) +
      (node.Plans ?? []).reduce((sum, child) => sum + visited(child), 0);
    expect(visited(plan)).toBeLessThan(1_000_000);
  });

  it('hands a claimed row that could not be queued straight back to the next claim', async () => {
    const row = await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(1)));
    await outbox.claimPublishable(10, 60_000);
    await outbox.releaseUnpublished([row.id]);
    // The handed-back claim published nothing, so it does not count.
    await expect(outbox.claimPublishable(10, 60_000)).resolves.toMatchObject([{ id: row.id, publish_count: 1 }]);
  });

  it('abandons a row whose job never completes after the maximum number of publications', async () => {
    const row = await db.dataSource.transaction((manager) => outbox.enqueue(manager, { queue: 'tracker', jobName: 'poison', payload: {} }));
    for (let publication = 1; publication <= 3; publication += 1) {
      await expect(outbox.claimPublishable(10, 60_000, 3)).resolves.toMatchObject([{ id: row.id, publish_count: publication }]);
      await db.dataSource.query(`UPDATE outbox SET published_at = now() - interval '2 minutes' WHERE id = $1`, [row.id]);
    }
    await expect(outbox.claimPublishable(10, 60_000, 3)).resolves.toEqual([]);
    await expect(outbox.countAbandoned(3)).resolves.toBe(1);
    expect((await outbox.findById(row.id))?.completed_at).toBeNull();
  });

  it('completes a row once: true the first time, false for a replayed job', async () => {
    const row = await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(1)));
    await expect(db.dataSource.transaction((manager) => outbox.complete(manager, row.id))).resolves.toBe(true);
    await expect(db.dataSource.transaction((manager) => outbox.complete(manager, row.id))).resolves.toBe(false);
    expect((await outbox.findById(row.id))?.completed_at).toBeInstanceOf(Date);
  });

  it('returns null for an unknown id', async () => {
    await expect(outbox.findById('00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
  });
});
