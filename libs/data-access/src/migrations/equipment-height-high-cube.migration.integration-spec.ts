import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { revertLastMigration, runMigrations } from '../database/run-migrations';
import { MIGRATIONS } from './index';

/** Containers stored as `high cube` read `high_cube` after the migration, and the old spelling is refused from then on. */
describe('migration EquipmentHeightHighCube', () => {
  let db: ScratchDatabase;
  const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('rewrites stored heights, keeps the others, and refuses the old spelling', async () => {
    // Back to the schema just before EquipmentHeightHighCube: later migrations first, then it.
    const position = MIGRATIONS.findIndex((migration) => migration.name === 'EquipmentHeightHighCube1796000000000');
    expect(position).toBeGreaterThanOrEqual(0);
    for (let reverted = MIGRATIONS.length; reverted > position; reverted -= 1) await revertLastMigration(db.dataSource);
    const [account] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    for (const [number, height] of [
      ['QSDU2001376', 'high cube'],
      ['QSDU2008220', 'standard'],
      ['QSDU2006850', null],
    ] as const)
      await q(`INSERT INTO containers (account_id, number, equipment_height) VALUES ($1, $2, $3)`, [account!.id, number, height]);

    await runMigrations(db.dataSource);

    expect(await q(`SELECT number, equipment_height FROM containers ORDER BY number`)).toEqual([
      { number: 'QSDU2001376', equipment_height: 'high_cube' },
      { number: 'QSDU2006850', equipment_height: null },
      { number: 'QSDU2008220', equipment_height: 'standard' },
    ]);
    await expect(
      q(`INSERT INTO containers (account_id, number, equipment_height) VALUES ($1, 'QSDU2009593', 'high cube')`, [account!.id]),
    ).rejects.toThrow(/chk_containers_equipment_height/);
  });
});
