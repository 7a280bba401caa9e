import { maskApiKey } from '@quayside/data-access';
import type { ApiKey } from '@quayside/data-access';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

/** A key as listed; `key` is set only in the response that created it. */
export type ApiKeyView = ApiKey & { key?: string };

export const API_KEY_TYPE = 'api_key';

export const apiKeyResource: ResourceDefinition<ApiKeyView, AccountContext> = {
  type: API_KEY_TYPE,
  id: (key) => key.id,
  attributes: (key) => ({
    name: key.name,
    masked_key: maskApiKey(key.prefix, key.last_four),
    prefix: key.prefix,
    last_four: key.last_four,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    ...(key.key !== undefined ? { key: key.key } : {}),
  }),
  relationships: {
    account: { type: 'account', linkage: (key) => key.account_id },
  },
  selfLink: (key) => `/v2/api_keys/${key.id}`,
};
