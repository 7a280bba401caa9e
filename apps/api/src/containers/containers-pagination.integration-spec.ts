import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DATABASE_CONNECTION, EXACT_TOTAL_BOUND, inFixtureTransaction, recordStatementsDuring } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface ListBody {
  data: { id: string }[];
  links: Record<string, string>;
  meta: { size: number; total: number };
}

/**
 * Keyset pagination (docs/json-api.md, "Pagination"): the links carry cursors, so a client that
 * follows them reads each container once, in order, at the same price at any depth.
 */
describe('GET /v2/containers pages through cursors', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let pager: ProvisionedAccount;
  let ordered: string[];

  const list = async (account: ProvisionedAccount, url: string): Promise<ListBody> => {
    const response = await call(app, 'GET', url.replace(/^https?:\/\/[^/]+/, ''), { key: account.key });
    expect(response.status).toBe(200);
    return response.json as unknown as ListBody;
  };

  /** Every page from `url` on, following `link` until it is absent. */
  const walk = async (url: string, link: 'next' | 'prev'): Promise<string[][]> => {
    const pages: string[][] = [];
    for (let next: string | undefined = url; next !== undefined;) {
      const body = await list(pager, next);
      pages.push(body.data.map((row) => row.id));
      next = body.links[link];
      expect(pages.length).toBeLessThan(20);
    }
    return pages;
  };

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    pager = await ctx.account({ company: 'Pager' });
    const shipment = await createShipment(ctx.db.dataSource, pager.account.id);
    // Seven containers stored in the same microsecond: the order falls back to the id.
    const made = [];
    for (let i = 0; i < 7; i += 1) made.push(await createContainer(ctx.db.dataSource, pager.account.id, { shipment_id: shipment.id }));
    await ctx.db.dataSource.query(`UPDATE containers SET created_at = '2026-08-14T08:00:00.123456Z' WHERE account_id = $1`, [
      pager.account.id,
    ]);
    ordered = made.map((row) => row.id).sort();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('following next from the first page reads every container once, in order', async () => {
    const pages = await walk('/v2/containers?page[size]=3', 'next');
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(ordered);
  });

  it('a container added while a client pages shows up on a later page, nothing repeated or skipped', async () => {
    const first = await list(pager, '/v2/containers?page[size]=3');
    const added = await createContainer(ctx.db.dataSource, pager.account.id, { shipment_id: null });
    const rest = await walk(first.links['next']!, 'next');
    expect([...first.data.map((row) => row.id), ...rest.flat()]).toEqual([...ordered, added.id]);
    await ctx.db.dataSource.query('DELETE FROM containers WHERE id = $1', [added.id]);
  });

  it('last names the final rows, and prev from there walks back to the start', async () => {
    const first = await list(pager, '/v2/containers?page[size]=3');
    expect(first.links['last']).toContain('page%5Bbefore%5D=end');
    const pages = await walk(first.links['last']!, 'prev');
    expect(pages[0]).toEqual(ordered.slice(-3));
    expect(pages.reverse().flat()).toEqual(ordered);
  });

  it('keeps page numbers in the links for clients that read them', async () => {
    const first = await list(pager, '/v2/containers?page[size]=3');
    expect(first.links['next']).toMatch(/page%5Bnumber%5D=2&page%5Bsize%5D=3&page%5Bafter%5D=/);
    expect(first.links['last']).toMatch(/page%5Bnumber%5D=3&page%5Bsize%5D=3&page%5Bbefore%5D=end$/);
    expect(first.meta).toEqual({ size: 3, total: 7 });
    const byNumber = await list(pager, '/v2/containers?page[size]=3&page[number]=2');
    const second = await list(pager, first.links['next']!);
    expect(second.data).toEqual(byNumber.data);
  });

  it.each([
    ['page[after]', '/v2/containers?page[after]=bm90LWEtY3Vyc29y'],
    ['page[before]', '/v2/containers?page[before]=1'],
  ])('answers 400 naming %s when the cursor is not one of ours', async (parameter, url) => {
    const response = await call(app, 'GET', url, { key: pager.key });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ errors: [{ status: '400', source: { parameter } }] });
  });

  it('reads a cursor page from the index, without OFFSET, and counts at most the bound', async () => {
    const first = await list(pager, '/v2/containers?page[size]=3');
    const { statements } = await recordStatementsDuring(app.get(DATABASE_CONNECTION), () => list(pager, first.links['next']!));
    const reads = statements.filter((sql) => /FROM "containers"/.test(sql));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((sql) => !/\bOFFSET\b/i.test(sql))).toBe(true);
    expect(reads.filter((sql) => /COUNT\(/i.test(sql)).every((sql) => sql.includes(`LIMIT ${EXACT_TOTAL_BOUND + 1}`))).toBe(true);
  });

  it(`counts a total above ${EXACT_TOTAL_BOUND} exactly`, async () => {
    const large = await ctx.account({ company: 'Large' });
    const shipment = await createShipment(ctx.db.dataSource, large.account.id);
    await ctx.db.dataSource.query(
      `INSERT INTO containers (account_id, shipment_id, number, ref_numbers, holds_at_pod_terminal, fees_at_pod_terminal)
       SELECT $1, $2, 'LRGU' || lpad(i::text, 7, '0'), '{}', '[]', '[]' FROM generate_series(1, $3::int) AS i`,
      [large.account.id, shipment.id, EXACT_TOTAL_BOUND + 5],
    );
    const body = await list(large, '/v2/containers?page[size]=100');
    expect(body.meta.total).toBe(EXACT_TOTAL_BOUND + 5);
    expect(body.links['last']).toContain(`page%5Bnumber%5D=${Math.ceil((EXACT_TOTAL_BOUND + 5) / 100)}&`);
    const last = await list(large, body.links['last']!);
    expect(last.data).toHaveLength(100);
    expect(last.links['next']).toBeUndefined();
  });

  it("counts up to the bound along the list's index, not through the table, when the account holds most of it", async () => {
    const large = await ctx.account({ company: 'Most of the table' });
    const shipment = await createShipment(ctx.db.dataSource, large.account.id);
    await ctx.db.dataSource.query(
      `INSERT INTO containers (account_id, shipment_id, number, ref_numbers, holds_at_pod_terminal, fees_at_pod_terminal)
       SELECT $1, $2, 'MOSU' || lpad(i::text, 7, '0'), '{}', '[]', '[]' FROM generate_series(1, 20000) AS i`,
      [large.account.id, shipment.id],
    );
    await ctx.db.dataSource.query('VACUUM (ANALYZE) containers');
    const first = await list(large, '/v2/containers?page[size]=3');
    const { sent } = await recordStatementsDuring(app.get(DATABASE_CONNECTION), () => list(large, first.links['next']!));
    const count = sent.find(({ sql }) => /COUNT\(/i.test(sql) && sql.includes(`LIMIT ${EXACT_TOTAL_BOUND + 1}`));
    expect(count).toBeDefined();
    const plan = await ctx.db.dataSource.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${count!.sql}`, count!.parameters);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('idx_containers_account_list');
    expect(text).not.toContain('Seq Scan');
  });

  it("finds a container's transport events through an index, whatever the size of the table", async () => {
    // Every container read lists its event ids in stored order; without an index on the
    // container, each one scanned every event (13 s a page at 1 million containers).
    const plan = await inFixtureTransaction(ctx.db.dataSource, async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const rows = await manager.query<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT array_agg(te.id ORDER BY te.created_at, te.id) FROM transport_events te WHERE te.container_id = $1`,
        [ordered[0]],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('idx_transport_events_container_list');
  });
});
