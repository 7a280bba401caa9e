import type { Account } from '@quayside/domain';
import type { ResourceDefinition } from '@quayside/json-api';
import { inboundAddressOf } from '../email-intake/inbound-address';
import type { AccountContext } from '../tenancy/account-context';

export const ACCOUNT_TYPE = 'account';

/** `inboundEmailDomain` makes the account's address for email submissions (docs/documents.md "Email submissions"). */
export const accountResource = (inboundEmailDomain: string): ResourceDefinition<Account, AccountContext> => ({
  type: ACCOUNT_TYPE,
  id: (account) => account.id,
  attributes: (account) => ({
    company_name: account.company_name,
    plan: account.plan,
    trial_ends_at: account.trial_ends_at,
    features: account.features,
    documents_create_tracking_requests: account.documents_create_tracking_requests,
    created_at: account.created_at,
    inbound_email_address: inboundAddressOf(account.id, inboundEmailDomain),
  }),
  selfLink: () => '/v2/account',
});
