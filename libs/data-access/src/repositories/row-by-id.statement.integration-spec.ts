import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { ContainerEntity } from '../entities/container.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { RowByIdStatement } from './row-by-id.statement';

describe('RowByIdStatement', () => {
  let db: ScratchDatabase;
  let accountId: string;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    const [account] = await db.dataSource.query<Array<{ id: string }>>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    accountId = account!.id;
  });

  afterAll(async () => {
    await db.drop();
  });

  it('reads the same entity as the query builder, every kind of column included', async () => {
    const [row] = await db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO containers (account_id, number, ref_numbers, equipment_length, weight_in_lbs, pickup_lfd, availability_known, holds_at_pod_terminal, last_snapshot)
       VALUES ($1, 'QSDU2006850', '{REF-1,REF-2}', 40, 1234.5, '2026-11-20T10:00:00Z', true, '[{"name":"customs","status":"hold"}]', '{"a":{"b":[1,2]}}')
       RETURNING id`,
      [accountId],
    );
    const repository = db.dataSource.getRepository(ContainerEntity);
    const expected = await repository.createQueryBuilder('row').where('row.id = :id', { id: row!.id }).getOne();
    const read = await new RowByIdStatement(db.dataSource, repository).find(row!.id);
    expect(read).toBeInstanceOf(ContainerEntity);
    expect(read).toEqual(expected);
    expect(read).toMatchObject({
      ref_numbers: ['REF-1', 'REF-2'],
      pickup_lfd: new Date('2026-11-20T10:00:00Z'),
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
      available_for_pickup: null,
    });
  });

  it('answers null for an id that is not there, for every entity it is given', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await new RowByIdStatement(db.dataSource, db.dataSource.getRepository(ContainerEntity)).find(missing)).toBeNull();
    expect(await new RowByIdStatement(db.dataSource, db.dataSource.getRepository(TrackingRequestEntity)).find(missing)).toBeNull();
  });
});
