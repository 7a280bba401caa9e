/**
 * `npm run demo:key`: a new API key for the demo account of `npm start` (the "Quayside Demo"
 * account, made on the first start if it does not exist yet), printed once. Its first key was
 * shown in full only on the first start; this one works alongside it. DATABASE_URL (and the other
 * DATABASE_* settings) select the database (see cli-config.ts).
 */
import { AccountRepository, ApiKeyRepository, generateApiKey } from '@quayside/data-access';
import { databaseConfigFromEnv, openToolConnection } from './cli-config';
import { DEMO_COMPANY_NAME, demoAccount } from './demo-account-settings';

async function main(): Promise<void> {
  const dataSource = openToolConnection(databaseConfigFromEnv());
  await dataSource.initialize();
  try {
    const name = `npm run demo:key ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    const outcome = await new AccountRepository(dataSource).findOrCreateByCompanyName(demoAccount(), name);
    let key: string;
    if (outcome.created) key = outcome.provisioned.key;
    else {
      const generated = generateApiKey();
      await new ApiKeyRepository(dataSource).create(
        { accountId: outcome.account.id },
        { name, prefix: generated.prefix, last_four: generated.lastFour, key_hash: generated.hash },
      );
      key = generated.key;
    }
    console.log(`A new API key for the "${DEMO_COMPANY_NAME}" account (shown once; the earlier keys still work):\n\n  ${key}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
