import type { Account } from '@quayside/domain';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const ACCOUNT_TYPE = 'account';

export const accountResource: ResourceDefinition<Account, AccountContext> = {
  type: ACCOUNT_TYPE,
  id: (account) => account.id,
  attributes: (account) => ({
    company_name: account.company_name,
    plan: account.plan,
    trial_ends_at: account.trial_ends_at,
    features: account.features,
    created_at: account.created_at,
  }),
  selfLink: () => '/v2/account',
};
