import { randomBytes } from 'node:crypto';
import {
  createDatabase,
  createDatabaseConnection,
  databaseExists,
  dropDatabase,
  renameDatabase,
  runMigrations,
  schemaFingerprint,
  seedReferenceData,
  withAdminClient,
  withDatabaseName,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { Client } from 'pg';

/** The machine's Postgres (CI runs the same service on the same address). */
export const TEST_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const TEMPLATE_PREFIX = 'quayside_tpl_';
const TEMPLATE_LOCK_SQL = "SELECT pg_advisory_lock(hashtext('quayside:test-template'))";
const TEMPLATE_UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtext('quayside:test-template'))";

export interface TestDatabase {
  url: string;
  name: string;
  /** Initialized; `drop()` destroys it. */
  dataSource: DatabaseConnection;
  drop(): Promise<void>;
}

async function buildTemplate(serverUrl: string, client: Client, template: string): Promise<void> {
  const building = `${template}_b`;
  await dropDatabase(client, building);
  await createDatabase(client, building);
  const dataSource = createDatabaseConnection(withDatabaseName(serverUrl, building));
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    await seedReferenceData(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
  // Renamed only when complete, so a crash mid-build never leaves a half-built template in use.
  await renameDatabase(client, building, template);
}

/** Drops templates of older schemas; safe under the lock, the only time templates are copied. */
async function dropStaleTemplates(client: Client, current: string): Promise<void> {
  const result = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`, [
    `${TEMPLATE_PREFIX}%`,
    current,
  ]);
  for (const row of result.rows) await dropDatabase(client, row.datname);
}

/**
 * A database of its own for one test file: a copy of a template that holds the migrated
 * schema and the reference data. The template is built once per schema (keyed by
 * `schemaFingerprint()`), under an advisory lock so parallel workers neither race nor
 * copy a template being built; each copy takes a fraction of a second.
 */
export async function createTestDatabase(options: { serverUrl?: string } = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? TEST_SERVER_URL;
  const template = `${TEMPLATE_PREFIX}${schemaFingerprint()}`;
  const name = `quayside_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query(TEMPLATE_LOCK_SQL);
    try {
      if (!(await databaseExists(client, template))) {
        await dropStaleTemplates(client, template);
        await buildTemplate(serverUrl, client, template);
      }
      await createDatabase(client, name, { template });
    } finally {
      await client.query(TEMPLATE_UNLOCK_SQL);
    }
  });
  const url = withDatabaseName(serverUrl, name);
  const dataSource = createDatabaseConnection(url);
  await dataSource.initialize();
  return {
    url,
    name,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await withAdminClient(serverUrl, (client) => dropDatabase(client, name));
    },
  };
}
