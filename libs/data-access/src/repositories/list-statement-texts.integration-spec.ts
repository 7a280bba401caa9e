import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { recordStatementsDuring } from '../database/statement-recorder';
import { ContainerEntity } from '../entities/container.entity';
import { listPage } from './list-page';
import type { Page } from './list-page';
import { ListStatementTexts } from './list-statement-texts';

describe('ListStatementTexts', () => {
  let db: ScratchDatabase;
  let accountId: string;
  let otherAccountId: string;

  const containers = () => db.dataSource.getRepository(ContainerEntity);
  const scoped = (account = accountId) =>
    containers().createQueryBuilder('row').where('row.account_id = :scopeAccountId', { scopeAccountId: account });
  const withStatuses = (statuses: string[]) => scoped().andWhere('row.current_status IN (:...statuses)', { statuses });
  const paged = (page: Page) => (copy: ReturnType<typeof scoped>) => copy.limit(page.size + 1);

  async function recorded<T>(work: () => Promise<T>): Promise<{ result: T; statements: Array<{ sql: string; parameters: unknown[] }> }> {
    const { result, sent } = await recordStatementsDuring(db.dataSource, work);
    return { result, statements: sent };
  }

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    const accounts = await db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO accounts (company_name) VALUES ('A'), ('B') RETURNING id`,
    );
    accountId = accounts[0]!.id;
    otherAccountId = accounts[1]!.id;
    await db.dataSource.query(
      `INSERT INTO containers (account_id, number, current_status, created_at)
       SELECT CASE WHEN i % 3 = 0 THEN $2::uuid ELSE $1::uuid END, 'QSDU' || lpad(i::text, 7, '0'), (ARRAY['new', 'on_ship', 'available'])[i % 3 + 1],
              '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 minute'
       FROM generate_series(1, 30) AS i`,
      [accountId, otherAccountId],
    );
  });

  afterAll(async () => {
    await db.drop();
  });

  it('keeps one text per shape, whatever the parameter values', () => {
    const page = { offset: 0, size: 5 };
    const first = ListStatementTexts.of(scoped(), 'row', page, paged(page));
    expect(ListStatementTexts.of(scoped(otherAccountId), 'row', page, paged(page))).toBe(first);
    expect(ListStatementTexts.of(withStatuses(['new']), 'row', page, paged(page))).toBe(
      ListStatementTexts.of(withStatuses(['new', 'on_ship']), 'row', page, paged(page)),
    );
    expect(ListStatementTexts.of(withStatuses(['new']), 'row', page, paged(page))).not.toBe(first);
    expect(ListStatementTexts.of(scoped(), 'row', { offset: 5, size: 5 }, paged(page))).not.toBe(first);
    expect(ListStatementTexts.of(scoped(), 'row', { offset: 0, size: 5, before: 'end' }, paged(page))).not.toBe(first);
  });

  it('keeps nothing for a query that joins, orders or limits itself', () => {
    const page = { offset: 0, size: 5 };
    for (const query of [
      () => scoped().leftJoin('row.shipment', 'shipment'),
      () => scoped().orderBy('row.number'),
      () => scoped().limit(3),
    ]) {
      expect(ListStatementTexts.of(query(), 'row', page, paged(page))).not.toBe(ListStatementTexts.of(query(), 'row', page, paged(page)));
    }
  });

  it.each<[string, Page]>([
    ['the first page', { offset: 0, size: 4 }],
    ['a page by offset', { offset: 4, size: 4 }],
    ['the last page', { offset: 0, size: 4, before: 'end' }],
  ])('sends what the query builder sends, each time: %s', async (_name, page) => {
    for (const statuses of [['new'], ['new', 'available'], ['on_ship', 'new', 'available']]) {
      const expected = withStatuses(statuses)
        .addSelect(`to_char(row.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'page_key')
        .orderBy('row.created_at', page.before ? 'DESC' : 'ASC')
        .addOrderBy('row.id', page.before ? 'DESC' : 'ASC')
        .limit(page.size + 1)
        .offset(page.before ? undefined : page.offset);
      const [sql, parameters] = expected.getQueryAndParameters();
      const { result, statements } = await recorded(() => listPage(withStatuses(statuses), 'row', page));
      expect(statements[0]).toEqual({ sql, parameters });
      const rows = await expected.getMany();
      expect(result.rows.map((row) => row.number).sort()).toEqual(
        rows
          .slice(0, page.size)
          .map((row) => row.number)
          .sort(),
      );
      result.rows.forEach((row) => expect(statuses).toContain(row.current_status));
    }
  });

  it('sends a cursor page with its key as the query builder does', async () => {
    const first = await listPage(scoped(), 'row', { offset: 0, size: 3 });
    for (const after of [first.bounds!.last!, first.bounds!.first!]) {
      const { result, statements } = await recorded(() => listPage(scoped(), 'row', { offset: 3, size: 3, after }));
      const [sql, parameters] = scoped()
        .addSelect(`to_char(row.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'page_key')
        .orderBy('row.created_at', 'ASC')
        .addOrderBy('row.id', 'ASC')
        .limit(4)
        .andWhere('(row.created_at, row.id) > (CAST(:pageAt AS timestamptz), CAST(:pageId AS uuid))', {
          pageAt: after.at,
          pageId: after.id,
        })
        .getQueryAndParameters();
      expect(statements[0]).toEqual({ sql, parameters });
      expect(result.rows[0]!.created_at.getTime()).toBeGreaterThan(new Date(after.at).getTime());
    }
  });
});
