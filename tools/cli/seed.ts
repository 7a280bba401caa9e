/**
 * Loads (or refreshes) the reference data: shipping lines, rail carriers, ports, terminals.
 * `npm run migrate` already does this after migrating; this is for a database that is up to date.
 *
 *   node -r @swc-node/register tools/cli/seed.ts
 */
import { seedReferenceData } from '@quayside/data-access';
import { databaseConfigFromEnv, openToolConnection } from './cli-config';

async function main(): Promise<void> {
  const dataSource = openToolConnection(databaseConfigFromEnv());
  await dataSource.initialize();
  try {
    await seedReferenceData(dataSource);
    const [counts] = await dataSource.query<{ lines: string; ports: string; terminals: string }[]>(
      'SELECT (SELECT count(*) FROM shipping_lines) AS lines, (SELECT count(*) FROM ports) AS ports, (SELECT count(*) FROM terminals) AS terminals',
    );
    console.log(`Reference data loaded: ${counts?.lines} shipping lines, ${counts?.ports} ports, ${counts?.terminals} terminals.`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
