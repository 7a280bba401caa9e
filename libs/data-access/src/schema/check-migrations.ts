import { randomBytes } from 'node:crypto';
import { createDatabaseConnection } from '../database/database-connection';
import { createDatabase, dropDatabase, withAdminClient, withDatabaseName } from '../database/database-admin';
import { runMigrations } from '../database/run-migrations';
import { pendingSchemaChanges } from './schema-diff';
import type { SchemaChanges } from './schema-diff';

/**
 * Builds a throwaway database from the committed migrations and asks the schema builder
 * what it would still change to match the entities. Empty `up` means they agree. The
 * throwaway database is dropped whatever happens.
 *
 * @param serverUrl any database URL on the server to use (only its server and credentials count)
 */
export async function checkMigrationsMatchEntities(serverUrl: string): Promise<SchemaChanges & { applied: string[] }> {
  const scratch = `quayside_check_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => createDatabase(client, scratch));
  const dataSource = createDatabaseConnection(withDatabaseName(serverUrl, scratch));
  try {
    await dataSource.initialize();
    const applied = await runMigrations(dataSource);
    const changes = await pendingSchemaChanges(dataSource);
    return { ...changes, applied };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await withAdminClient(serverUrl, (client) => dropDatabase(client, scratch));
  }
}
