import { createDatabaseConnection } from '../database/database-connection';
import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';

/** Sessions opened after the migration read a bitmap scan's pages ahead; undone, they read as before. */
describe('migration ReadAheadForBitmapScans', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  /** The setting a new session on the database starts with. */
  const readAhead = async (): Promise<string> => {
    const session = createDatabaseConnection(db.url);
    await session.initialize();
    try {
      const [row] = await session.query<Array<{ effective_io_concurrency: string }>>('SHOW effective_io_concurrency');
      return row!.effective_io_concurrency;
    } finally {
      await session.destroy();
    }
  };

  it('gives every new session 64 pages of read-ahead, and takes it back when undone', async () => {
    expect(await readAhead()).toBe('64');
    await db.dataSource.undoLastMigration();
    expect(await readAhead()).toBe('1');
    await db.dataSource.runMigrations();
    expect(await readAhead()).toBe('64');
  });
});
