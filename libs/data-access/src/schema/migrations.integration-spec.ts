import { createScratchDatabase, SERVER_URL } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { MIGRATIONS } from '../migrations';
import { checkMigrationsMatchEntities } from './check-migrations';
import { pendingSchemaChanges } from './schema-diff';
import { revertLastMigration, runMigrations } from '../database/run-migrations';

async function tableNames(db: ScratchDatabase): Promise<string[]> {
  const rows = await db.dataSource.query<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  let db: ScratchDatabase;

  beforeEach(async () => {
    db = await createScratchDatabase();
  });

  afterEach(async () => {
    await db.drop();
  });

  it('apply to an empty database and leave nothing for the entities to change', async () => {
    const applied = await runMigrations(db.dataSource);
    expect(applied).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining([
        'accounts',
        'api_keys',
        'shipping_lines',
        'ports',
        'terminals',
        'parties',
        'party_roles',
        'shipments',
        'containers',
        'transport_events',
        'tracking_requests',
        'webhooks',
        'webhook_notifications',
        'outbox',
      ]),
    );
    expect((await pendingSchemaChanges(db.dataSource)).up).toEqual([]);
  });

  it('are reversible: down to nothing, then up again to the same schema', async () => {
    await runMigrations(db.dataSource);
    const before = await tableNames(db);
    for (let i = 0; i < MIGRATIONS.length; i += 1) await revertLastMigration(db.dataSource);
    expect(await tableNames(db)).toEqual([]);
    await runMigrations(db.dataSource);
    expect(await tableNames(db)).toEqual(before);
    expect((await pendingSchemaChanges(db.dataSource)).up).toEqual([]);
  });

  it('index account_id first on every tenant-owned table', async () => {
    await runMigrations(db.dataSource);
    const rows = await db.dataSource.query<{ table_name: string; indexed: boolean }[]>(
      `SELECT c.table_name,
              EXISTS (
                SELECT 1 FROM pg_index i
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                WHERE i.indrelid = ('public.' || quote_ident(c.table_name))::regclass AND a.attname = 'account_id'
              ) AS indexed
       FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_name = 'account_id'
       ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(rows.filter((row) => !row.indexed).map((row) => row.table_name)).toEqual([]);
  });

  it('are applied once when several processes start together', async () => {
    const others = await Promise.all([db.connectAgain(), db.connectAgain()]);
    const results = await Promise.all([runMigrations(db.dataSource), ...others.map((other) => runMigrations(other))]);
    expect(results.flat().sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
  });

  it('keep shipments.tracking_stopped derived from line_tracking_stopped_at', async () => {
    await runMigrations(db.dataSource);
    const [account] = await db.dataSource.query<{ id: string }[]>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    const [shipment] = await db.dataSource.query<{ id: string; tracking_stopped: boolean }[]>(
      `INSERT INTO shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, tracking_stopped)
       VALUES ($1, 'B1', 'B1', 'TEST', true) RETURNING id, tracking_stopped`,
      [account!.id],
    );
    expect(shipment!.tracking_stopped).toBe(false);
    const [[stopped]] = await db.dataSource.query<[{ tracking_stopped: boolean }[], number]>(
      `UPDATE shipments SET line_tracking_stopped_at = now() WHERE id = $1 RETURNING tracking_stopped`,
      [shipment!.id],
    );
    expect(stopped!.tracking_stopped).toBe(true);
  });
});

describe('migration check (the CI gate)', () => {
  it('reports no pending change: the committed migrations match the entities', async () => {
    const result = await checkMigrationsMatchEntities(SERVER_URL);
    expect(result.applied.length).toBe(MIGRATIONS.length);
    expect(result.up).toEqual([]);
  });
});
