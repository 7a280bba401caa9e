import { createDatabaseConnection } from '../database/database-connection';
import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { ReadAheadForBitmapScans1795800000000 } from './1795800000000-read-ahead-for-bitmap-scans';

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

  /** Runs one direction of the migration by itself, whatever migrations come after it. */
  const migrate = async (direction: 'up' | 'down'): Promise<void> => {
    const runner = db.dataSource.createQueryRunner();
    try {
      await new ReadAheadForBitmapScans1795800000000()[direction](runner);
    } finally {
      await runner.release();
    }
  };

  it("gives every new session 64 pages of read-ahead, and the server's own value again when undone", async () => {
    expect(await readAhead()).toBe('64');
    await migrate('down');
    // Postgres' default on a server with posix_fadvise, as the machines the tests run on.
    expect(await readAhead()).toBe('1');
    await migrate('up');
    expect(await readAhead()).toBe('64');
  });
});
