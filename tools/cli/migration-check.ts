/**
 * CI check: fails when the entities and the committed migrations disagree, i.e. when
 * generating a migration now would not be empty. Fix: `tools/cli/migration-generate.ts <Name>`.
 *
 *   npm run migration:check
 */
import { checkMigrationsMatchEntities } from '@quayside/data-access';
import { databaseUrlFromEnv } from './cli-config';

async function main(): Promise<void> {
  const result = await checkMigrationsMatchEntities(databaseUrlFromEnv());
  if (result.up.length === 0) {
    console.log(`Entities and migrations agree (${result.applied.length} migrations applied to a scratch database).`);
    return;
  }
  console.error(`Entities and migrations disagree; a new migration would run ${result.up.length} statements:`);
  for (const statement of result.up) console.error(`  ${statement}`);
  console.error('Generate one with: node -r @swc-node/register tools/cli/migration-generate.ts <PascalCaseName>');
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
