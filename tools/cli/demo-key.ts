/**
 * `npm run demo` runs this when no QUAYSIDE_API_KEY is given: the demo account's first key was
 * shown once (by `npm start`) and cannot be shown again, so the demo gets a key of its own.
 * Creates the demo account if `npm start` has not yet, otherwise adds a key named
 * "npm run demo" to it, and prints one JSON line: `{"accountId", "apiKeyId", "key", "masked"}`.
 * The demo deletes its key through the API when it ends.
 */
import { AccountRepository, ApiKeyRepository, createDataSource, generateApiKey, maskApiKey } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { databaseUrlFromEnv } from './cli-config';

// The name tools/cli/ensure-demo-account.ts gives the demo account (that file runs on import).
const DEMO_COMPANY_NAME = 'Quayside Demo';
const KEY_NAME = 'npm run demo';

async function main(): Promise<void> {
  const dataSource = createDataSource(databaseUrlFromEnv());
  await dataSource.initialize();
  try {
    const outcome = await new AccountRepository(dataSource).findOrCreateByCompanyName(
      { company_name: DEMO_COMPANY_NAME, plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      KEY_NAME,
    );
    if (outcome.created) {
      const { account, apiKeyId, key, masked } = outcome.provisioned;
      console.log(JSON.stringify({ accountId: account.id, apiKeyId, key, masked }));
      return;
    }
    const generated = generateApiKey();
    const stored = await new ApiKeyRepository(dataSource).create(
      { accountId: outcome.account.id },
      { name: KEY_NAME, prefix: generated.prefix, last_four: generated.lastFour, key_hash: generated.hash },
    );
    console.log(
      JSON.stringify({ accountId: outcome.account.id, apiKeyId: stored.id, key: generated.key, masked: maskApiKey(generated.prefix, generated.lastFour) }),
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
