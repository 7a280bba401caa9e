import { randomBytes } from 'node:crypto';
import {
  createDatabase,
  createDatabaseConnection,
  dropDatabase,
  runMigrations,
  seedReferenceData,
  withAdminClient,
  withDatabaseName,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';

export interface BenchDatabase {
  name: string;
  url: string;
  /** The bench's own connections (seeding, checks). */
  dataSource: DatabaseConnection;
  /**
   * Connections set as the workers set theirs (prepared statements planned once, `genericPlans`),
   * for the tracker's transactions run in the bench's process as the tracker-worker runs them.
   */
  workerDataSource: DatabaseConnection;
  drop(): Promise<void>;
}

/**
 * A database of the bench's own on the server of `serverUrl`, migrated and with the established API
 * data, dropped at the end whatever happened (`drop`). Its name says what it is, so a run
 * killed half way leaves a database an operator recognizes.
 */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `quayside_bench_${randomBytes(5).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => createDatabase(client, name));
  const url = withDatabaseName(serverUrl, name);
  const dataSource = createDatabaseConnection(url);
  const workerDataSource = createDatabaseConnection(url, {}, { genericPlans: true });
  const drop = async (): Promise<void> => {
    if (workerDataSource.isInitialized) await workerDataSource.destroy();
    if (dataSource.isInitialized) await dataSource.destroy();
    await withAdminClient(serverUrl, (client) => dropDatabase(client, name));
  };
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    await seedReferenceData(dataSource);
    await workerDataSource.initialize();
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return { name, url, dataSource, workerDataSource, drop };
}
