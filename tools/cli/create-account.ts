/**
 * Creates an account and its first API key, and prints the key: the only time it is shown.
 *
 *   node -r @swc-node/register tools/cli/create-account.ts --company "Acme Freight" [--plan free|trial|paid]
 *        [--features routing,rail_lfd,container_refresh,map_widget] [--key-name "first key"]
 *
 * A trial runs 7 days from now. DATABASE_URL selects the database (see tools/cli/cli-config.ts).
 */
import { parseArgs } from 'node:util';
import { AccountRepository } from '@quayside/data-access';
import { trialEndsAt } from '@quayside/domain';
import { ACCOUNT_FEATURES, PLANS } from '@quayside/domain';
import type { AccountFeature, Plan } from '@quayside/domain';
import { databaseConfigFromEnv, openToolConnection } from './cli-config';

function usage(message: string): never {
  console.error(
    `${message}\nUsage: create-account --company <name> [--plan ${PLANS.join('|')}] [--features ${ACCOUNT_FEATURES.join(',')}] [--key-name <name>]`,
  );
  process.exit(2);
}

function parse(): { company: string; plan: Plan; features: AccountFeature[]; keyName: string } {
  const { values } = parseArgs({
    options: {
      company: { type: 'string' },
      plan: { type: 'string', default: 'trial' },
      features: { type: 'string', default: '' },
      'key-name': { type: 'string', default: 'first key' },
    },
    strict: true,
  });
  const company = values.company?.trim();
  if (!company) usage('--company is required.');
  const plan = PLANS.find((p) => p === values.plan);
  if (!plan) usage(`--plan must be one of ${PLANS.join(', ')}.`);
  const features = values.features
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const unknown = features.filter((f) => !(ACCOUNT_FEATURES as readonly string[]).includes(f));
  if (unknown.length > 0) usage(`Unknown feature(s): ${unknown.join(', ')}.`);
  return { company, plan, features: [...new Set(features)] as AccountFeature[], keyName: values['key-name'] };
}

async function main(): Promise<void> {
  const options = parse();
  const dataSource = openToolConnection(databaseConfigFromEnv());
  await dataSource.initialize();
  try {
    const created = await new AccountRepository(dataSource).createWithFirstKey(
      {
        company_name: options.company,
        plan: options.plan,
        trial_ends_at: options.plan === 'trial' ? trialEndsAt(new Date()) : null,
        features: options.features,
      },
      options.keyName,
    );
    const { account, key, masked } = created;
    console.log(
      [
        `Account  ${account.id} (${account.company_name})`,
        `Plan     ${account.plan}${account.trial_ends_at ? ` until ${account.trial_ends_at}` : ''}`,
        `Features ${account.features.length > 0 ? account.features.join(', ') : '(none)'}`,
        `API key  ${key}`,
        '',
        `Keep the key now: it is not shown again (listings show ${masked}).`,
        'Use it as the header  Authorization: Token <key>',
      ].join('\n'),
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
