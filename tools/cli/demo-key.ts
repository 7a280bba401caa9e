/**
 * `npm run demo` runs this when no QUAYSIDE_API_KEY is given: an account of its own for one
 * demo run (paid plan, every feature) with its first key, printed as one JSON line:
 * `{"accountId", "apiKeyId", "key", "masked", "companyName"}`.
 *
 * Why not a key on the demo account of `npm start`: a shipment belongs to an account once.
 * Tracking the sandbox numbers again in the same account would either be refused as a
 * duplicate (the earlier request is still tracking) or link to the shipment the earlier run
 * already played to its end, so a second demo would show nothing happening. A fresh account
 * per run plays every scenario from its start.
 */
import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { databaseConfigFromEnv, openToolConnection } from './cli-config';

async function main(): Promise<void> {
  const dataSource = openToolConnection(databaseConfigFromEnv());
  await dataSource.initialize();
  try {
    const companyName = `Quayside Demo run ${new Date().toISOString()}`;
    const { account, apiKeyId, key, masked } = await new AccountRepository(dataSource).createWithFirstKey(
      { company_name: companyName, plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'npm run demo',
    );
    console.log(JSON.stringify({ accountId: account.id, apiKeyId, key, masked, companyName }));
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
