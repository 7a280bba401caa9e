/**
 * `npm start` runs this before the apps: on the first start of an install it creates the demo
 * account (paid plan, every feature, so the whole API can be tried) and its first key. It
 * prints one JSON line for tools/start.js: `{"created": true, "key": ..., "masked": ...}` the
 * first time, `{"created": false, "masked": ...}` afterwards (a key is never shown twice).
 */
import { AccountRepository, createDatabaseConnection } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { databaseUrlFromEnv } from './cli-config';

export const DEMO_COMPANY_NAME = 'Quayside Demo';

async function main(): Promise<void> {
  const dataSource = createDatabaseConnection(databaseUrlFromEnv());
  await dataSource.initialize();
  try {
    const outcome = await new AccountRepository(dataSource).findOrCreateByCompanyName(
      { company_name: DEMO_COMPANY_NAME, plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'demo key',
    );
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
          masked: outcome.maskedKey ?? '(no live key: create one with tools/cli/create-account.ts)',
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
