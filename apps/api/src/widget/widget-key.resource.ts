import type { WidgetKey } from '@quayside/data-access';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const WIDGET_KEY_TYPE = 'widget_key';

/** A publishable key is shown in full every time: it is meant to sit in web pages. */
export const widgetKeyResource: ResourceDefinition<WidgetKey, AccountContext> = {
  type: WIDGET_KEY_TYPE,
  id: (key) => key.id,
  attributes: (key) => ({ name: key.name, key: key.key, allowed_origins: key.allowed_origins, created_at: key.created_at }),
  relationships: {
    account: { type: 'account', linkage: (key) => key.account_id },
  },
  selfLink: (key) => `/v2/widget_keys/${key.id}`,
};
