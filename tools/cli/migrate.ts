/**
 * Brings a database up to date: creates it if missing, applies the committed migrations and
 * loads the reference data. Safe to run from several processes at once.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/quayside npm run migrate
 */
import { createDatabaseConnection, ensureDatabase, runMigrations, seedReferenceData } from '@quayside/data-access';
import { databaseUrlFromEnv } from './cli-config';

async function main(): Promise<void> {
  const databaseUrl = databaseUrlFromEnv();
  if (await ensureDatabase(databaseUrl)) console.log('Created the database.');
  const dataSource = createDatabaseConnection(databaseUrl);
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
  console.error(error);
  process.exitCode = 1;
});
