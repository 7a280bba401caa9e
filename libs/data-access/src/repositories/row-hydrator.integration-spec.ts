import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EntitySubscriberInterface } from 'typeorm';
import { createMigratedScratchDatabase, createScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { createDatabaseConnection } from '../database/database-connection';
import { recordStatementsDuring } from '../database/statement-recorder';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { listPage } from './list-page';
import { OwnedRowsStatement } from './owned-rows.statement';
import { RowByIdStatement } from './row-by-id.statement';
import { RowHydrator } from './row-hydrator';

/** Columns whose values the driver or a transformer converts: the hydrator must not pass them as read. */
@Entity('hydrator_probe')
class ConvertedColumnsEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', transformer: { to: (value: string) => value, from: (value: string | null) => value?.toUpperCase() ?? null } })
  shout!: string;

  @Column({ type: 'simple-json' })
  doc!: { a: number[] };

  @Column({ type: 'simple-array' })
  tags!: string[];

  @Column({ type: 'timestamptz', nullable: true })
  created_at!: Date | null;
}

describe('RowHydrator', () => {
  let db: ScratchDatabase;
  let accountId: string;
  let otherAccountId: string;

  const containers = () => db.dataSource.getRepository(ContainerEntity);
  const scoped = (alias = 'row') => containers().createQueryBuilder(alias).where(`${alias}.account_id = :accountId`, { accountId });

  /** Sends through `work` with a load subscriber present (the query builder path), recording the statements of both. */
  async function withLoadSubscriber<T>(work: () => Promise<T>): Promise<{ result: T; loaded: number; statements: string[] }> {
    let loaded = 0;
    const statements: string[] = [];
    const subscriber: EntitySubscriberInterface = {
      afterLoad: () => void (loaded += 1),
      beforeQuery: (event) => void statements.push(event.query),
    };
    db.dataSource.subscribers.push(subscriber);
    try {
      return { result: await work(), loaded, statements };
    } finally {
      db.dataSource.subscribers.splice(db.dataSource.subscribers.indexOf(subscriber), 1);
    }
  }

  async function recorded<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    return recordStatementsDuring(db.dataSource, work);
  }

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    const accounts = await db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO accounts (company_name) VALUES ('A'), ('B') RETURNING id`,
    );
    accountId = accounts[0]!.id;
    otherAccountId = accounts[1]!.id;
    // Every kind of column: text arrays, integers, doubles, timestamps, booleans, jsonb arrays and objects, and nulls of each.
    await db.dataSource.query(
      `INSERT INTO containers (account_id, number, ref_numbers, equipment_length, weight_in_lbs, pickup_lfd, availability_known, available_for_pickup, holds_at_pod_terminal, last_snapshot, created_at)
       VALUES ($1, 'QSDU2006850', '{REF-1,REF-2}', 40, 1234.5, '2026-11-20T10:00:00.123456Z', true, false, '[{"name":"customs","status":"hold"}]', '{"a":{"b":[1,2]}}', '2026-01-01T00:00:00.000001Z'),
              ($1, 'QSDU2006851', '{}', NULL, NULL, NULL, false, NULL, '[]', NULL, '2026-01-01T00:00:00.000001Z'),
              ($1, 'QSDU2006852', '{"with space","quote\\"d"}', 20, 0, '2026-02-01T00:00:00Z', true, true, '[]', '{"n":null,"s":"x"}', '2026-01-02T00:00:00Z'),
              ($2, 'QSDU2006853', '{}', NULL, NULL, NULL, false, NULL, '[]', NULL, '2026-01-01T00:00:00Z')`,
      [accountId, otherAccountId],
    );
  });

  afterAll(async () => {
    await db.drop();
  });

  it('lists the same entities as the query builder reads for the same rows, in the same order', async () => {
    const expected = await scoped().orderBy('row.created_at', 'ASC').addOrderBy('row.id', 'ASC').getMany();
    const page = await listPage(scoped(), 'row', { offset: 0, size: 10 });
    expect(page.rows).toHaveLength(3);
    page.rows.forEach((row) => expect(row).toBeInstanceOf(ContainerEntity));
    expect(page.rows).toEqual(expected);
    expect(page.rows.find((row) => row.number === 'QSDU2006850')).toMatchObject({
      ref_numbers: ['REF-1', 'REF-2'],
      pickup_lfd: new Date('2026-11-20T10:00:00.123Z'),
      weight_in_lbs: 1234.5,
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
      last_snapshot: { a: { b: [1, 2] } },
    });
    expect(page.rows.find((row) => row.number === 'QSDU2006851')).toMatchObject({
      ref_numbers: [],
      equipment_length: null,
      weight_in_lbs: null,
      pickup_lfd: null,
      available_for_pickup: null,
      last_snapshot: null,
    });
    expect(page.rows.find((row) => row.number === 'QSDU2006852')?.ref_numbers).toEqual(['with space', 'quote"d']);
  });

  it('gives the same page, keys and statement as the query builder path', async () => {
    for (const page of [
      { offset: 0, size: 2 },
      { offset: 1, size: 1 },
      { offset: 0, size: 2, before: 'end' as const },
    ]) {
      const hydrated = await recorded(() => listPage(scoped(), 'row', page));
      const built = await withLoadSubscriber(() => listPage(scoped(), 'row', page));
      // The subscriber saw the loads: that read went through the query builder's transform.
      expect(built.loaded).toBeGreaterThanOrEqual(hydrated.result.rows.length);
      expect(hydrated.result).toEqual(built.result);
      expect(hydrated.statements).toEqual(built.statements);
    }
    const first = await listPage(scoped(), 'row', { offset: 0, size: 2 });
    // Microseconds survive in the key, where a Date would round them away.
    expect(first.bounds?.first?.at).toBe('2026-01-01T00:00:00.000001Z');
    const next = await listPage(scoped(), 'row', { offset: 0, size: 2, after: first.bounds!.last! });
    expect(next.rows.map((row) => row.number)).toEqual(['QSDU2006852']);
  });

  it('is not used for a query that selects a join or only some columns, or pages with take', async () => {
    expect(RowHydrator.forQuery(scoped())).not.toBeNull();
    expect(RowHydrator.forQuery(scoped().leftJoinAndSelect('row.shipment', 'shipment'))).toBeNull();
    expect(RowHydrator.forQuery(containers().createQueryBuilder('row').select('row.id'))).toBeNull();
    expect(RowHydrator.forQuery(scoped().leftJoin('row.shipment', 'shipment'))).not.toBeNull();
    expect(RowHydrator.forQuery(scoped().take(10))).toBeNull();
  });

  it('reads other entities as the query builder does (shipments)', async () => {
    await db.dataSource.query(
      `INSERT INTO shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac) VALUES ($1, 'BOL-1', 'BOL1', 'MAEU'), ($1, 'BOL-2', 'BOL2', 'MSCU')`,
      [accountId],
    );
    const query = () =>
      db.dataSource.getRepository(ShipmentEntity).createQueryBuilder('shipment').where('shipment.account_id = :accountId', { accountId });
    const expected = await query().orderBy('shipment.created_at', 'ASC').addOrderBy('shipment.id', 'ASC').getMany();
    const page = await listPage(query(), 'shipment', { offset: 0, size: 10 });
    expect(page.rows).toHaveLength(2);
    expect(page.rows).toEqual(expected);
  });
});

describe('RowHydrator of converted columns', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('still prepares columns the driver converts or a transformer maps', async () => {
    await db.dataSource.query(
      `CREATE TABLE hydrator_probe (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), shout text NOT NULL, doc text NOT NULL, tags text NOT NULL, created_at timestamptz)`,
    );
    await db.dataSource.query(
      `INSERT INTO hydrator_probe (shout, doc, tags, created_at) VALUES ('quiet', '{"a":[1,2]}', 'x,y', now()), ('low', '{"a":[]}', 'z', NULL)`,
    );
    const probe = createDatabaseConnection(db.url, { entities: [ConvertedColumnsEntity] });
    await probe.initialize();
    try {
      const query = () => probe.getRepository(ConvertedColumnsEntity).createQueryBuilder('row');
      expect(RowHydrator.forQuery(query())).not.toBeNull();
      const expected = await query().orderBy('row.created_at', 'ASC').addOrderBy('row.id', 'ASC').getMany();
      const page = await listPage(query(), 'row', { offset: 0, size: 10 });
      expect(page.rows).toEqual(expected);
      expect(page.rows.map((row) => [row.shout, row.doc, row.tags])).toEqual([
        ['QUIET', { a: [1, 2] }, ['x', 'y']],
        ['LOW', { a: [] }, ['z']],
      ]);
    } finally {
      await probe.destroy();
    }
  });
});

describe('OwnedRowsStatement', () => {
  let db: ScratchDatabase;
  let accountId: string;
  let mine: string[];
  let theirs: string;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    const accounts = await db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO accounts (company_name) VALUES ('A'), ('B') RETURNING id`,
    );
    accountId = accounts[0]!.id;
    const rows = await db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO containers (account_id, number, ref_numbers, pickup_lfd, last_snapshot) VALUES ($1, 'QSDU2006850', '{A}', '2026-11-20T10:00:00Z', '{"a":1}'), ($1, 'QSDU2006851', '{}', NULL, NULL), ($2, 'QSDU2006852', '{}', NULL, NULL) RETURNING id`,
      [accountId, accounts[1]!.id],
    );
    mine = [rows[0]!.id, rows[1]!.id];
    theirs = rows[2]!.id;
  });

  afterAll(async () => {
    await db.drop();
  });

  it("reads the account's rows among the ids as the query builder does, and only those", async () => {
    const repository = db.dataSource.getRepository(ContainerEntity);
    const missing = '00000000-0000-4000-8000-000000000000';
    const read = await new OwnedRowsStatement(db.dataSource, repository).find(accountId, [...mine, theirs, missing]);
    const expected = await repository
      .createQueryBuilder('row')
      .where('row.account_id = :accountId', { accountId })
      .andWhere('row.id IN (:...ids)', { ids: mine })
      .getMany();
    const byId = (rows: ContainerEntity[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(read).toHaveLength(2);
    read.forEach((row) => expect(row).toBeInstanceOf(ContainerEntity));
    expect(byId(read)).toEqual(byId(expected));
    expect(await new OwnedRowsStatement(db.dataSource, repository).find(accountId, [theirs])).toEqual([]);
  });

  it('reads the same through the query builder when something listens to loads', async () => {
    const repository = db.dataSource.getRepository(ContainerEntity);
    const statement = new OwnedRowsStatement(db.dataSource, repository);
    const hydrated = await statement.find(accountId, [...mine, theirs]);
    let loaded = 0;
    const subscriber: EntitySubscriberInterface = { afterLoad: () => void (loaded += 1) };
    db.dataSource.subscribers.push(subscriber);
    try {
      const built = await statement.find(accountId, [...mine, theirs]);
      const byOwnId = new RowByIdStatement(db.dataSource, repository);
      expect(await byOwnId.find(mine[0]!)).toEqual(hydrated.find((row) => row.id === mine[0]));
      expect(loaded).toBe(3);
      const byId = (rows: ContainerEntity[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
      expect(byId(built)).toEqual(byId(hydrated));
    } finally {
      db.dataSource.subscribers.splice(db.dataSource.subscribers.indexOf(subscriber), 1);
    }
  });
});
