/**
 * `npm start` runs this before the apps: on the first start of an install it creates the demo
 * account (paid plan, every feature, so the whole API can be tried) and its first key. It
 * prints one JSON line for tools/start.js: `{"created": true, "key": ..., "masked": ...}` the
 * first time, `{"created": false, "masked": ...}` afterwards (a key is never shown twice).
 */
import { AccountRepository } from '@quayside/data-access';
import { databaseConfigFromEnv, openToolConnection } from './cli-config';
import { demoAccount } from './demo-account-settings';

async function main(): Promise<void> {
  const dataSource = openToolConnection(databaseConfigFromEnv());
  await dataSource.initialize();
  try {
    const outcome = await new AccountRepository(dataSource).findOrCreateByCompanyName(demoAccount(), 'demo key');
    const line = outcome.created
      ? {
          created: true,
          accountId: outcome.provisioned.account.id,
          key: outcome.provisioned.key,
          masked: outcome.provisioned.masked,
        }
      : {
          created: false,
          accountId: outcome.account.id,
          masked: outcome.maskedKey ?? '(no live key)',
        };
    console.log(JSON.stringify(line));
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
