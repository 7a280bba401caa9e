/**
 * Brings a database up to date: creates it if missing, applies the committed migrations and
 * loads the reference data. Safe to run from several processes at once.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/quayside npm run migrate
 *
 * Migrations take a session advisory lock (so processes starting together take turns), which a
 * transaction-mode pooler does not keep: with DATABASE_POOL_MODE=transaction they run over
 * DATABASE_DIRECT_URL, and refuse to start without it.
 */
import { ensureDatabase, runMigrations, seedReferenceData } from '@quayside/data-access';
import { ConfigValidationError } from '@quayside/platform';
import { databaseConfigFromEnv, openToolConnection, sessionUrlOf } from './cli-config';

async function main(): Promise<void> {
  const config = databaseConfigFromEnv();
  if (await ensureDatabase(sessionUrlOf(config), config.databaseConnection.tls)) console.log('Created the database.');
  const dataSource = openToolConnection(config, { session: true });
  await dataSource.initialize();
  try {
    const applied = await runMigrations(dataSource);
    console.log(applied.length === 0 ? 'No pending migrations.' : `Applied ${applied.length} migration(s): ${applied.join(', ')}`);
    await seedReferenceData(dataSource);
    console.log('Reference data loaded.');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exitCode = 1;
});
