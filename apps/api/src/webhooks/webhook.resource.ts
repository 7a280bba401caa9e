import type { WebhookEntity } from '@quayside/data-access';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const WEBHOOK_TYPE = 'webhook';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/**
 * A webhook as its owner sees it. The `secret` is shown in every response, as the established API
 * does: the owner needs it to verify signatures and cannot rotate a key they cannot read.
 */
export const webhookResource: ResourceDefinition<WebhookEntity, AccountContext> = {
  type: WEBHOOK_TYPE,
  id: (webhook) => webhook.id,
  attributes: (webhook) => ({
    url: webhook.url,
    active: webhook.active,
    events: webhook.events,
    secret: webhook.secret,
    headers: webhook.headers,
    format: webhook.format,
    created_at: iso(webhook.created_at),
    updated_at: iso(webhook.updated_at),
    deactivated_reason: webhook.deactivated_reason,
    deactivated_at: iso(webhook.deactivated_at),
    last_success_at: iso(webhook.last_success_at),
    failing_since: iso(webhook.failing_since),
  }),
  selfLink: (webhook) => `/v2/webhooks/${webhook.id}`,
};
