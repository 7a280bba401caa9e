import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDatabaseConnection } from '../database/database-connection';
import { createDatabase, dropDatabase, withAdminClient, withDatabaseName } from '../database/database-admin';
import { runMigrations } from '../database/run-migrations';

// data-access may not import @quayside/testing (boundary rule), so its own tests make
// empty databases here; everything above this layer uses createTestDatabase().
export const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  name: string;
  dataSource: DataSource;
  /** Another, separate connection pool to the same database (a second process). */
  connectAgain(): Promise<DataSource>;
  drop(): Promise<void>;
}

/** An empty database (no migrations applied) with an initialized data source. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `quayside_da_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(SERVER_URL, (client) => createDatabase(client, name));
  const url = withDatabaseName(SERVER_URL, name);
  const dataSource = createDatabaseConnection(url);
  await dataSource.initialize();
  const extra: DataSource[] = [];
  return {
    url,
    name,
    dataSource,
    connectAgain: async () => {
      const other = createDatabaseConnection(url);
      extra.push(other);
      return other.initialize();
    },
    drop: async () => {
      for (const source of [dataSource, ...extra]) if (source.isInitialized) await source.destroy();
      await withAdminClient(SERVER_URL, (client) => dropDatabase(client, name));
    },
  };
}

/** A scratch database with every migration applied: what most of this lib's specs start from. */
export async function createMigratedScratchDatabase(): Promise<ScratchDatabase> {
  const db = await createScratchDatabase();
  try {
    await runMigrations(db.dataSource);
  } catch (error) {
    await db.drop();
    throw error;
  }
  return db;
}
