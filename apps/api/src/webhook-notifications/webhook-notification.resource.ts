import type { WebhookNotificationEntity, WebhookRegistrationRepository } from '@quayside/data-access';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const WEBHOOK_NOTIFICATION_TYPE = 'webhook_notification';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/**
 * A notification and its delivery state as the dispatcher records it. `reference_object` is
 * polymorphic (its type depends on the event), which the registry's relationships cannot say:
 * `withReferenceObjects` adds it to the document.
 */
export function webhookNotificationResource(
  webhooks: WebhookRegistrationRepository,
): ResourceDefinition<WebhookNotificationEntity, AccountContext> {
  return {
    type: WEBHOOK_NOTIFICATION_TYPE,
    id: (notification) => notification.id,
    attributes: (notification) => ({
      id: notification.id,
      event: notification.event,
      delivery_status: notification.delivery_status,
      created_at: iso(notification.created_at),
      updated_at: iso(notification.updated_at),
      attempts: notification.attempts,
      last_response_status: notification.last_response_status,
      last_response_body: notification.last_response_body,
      last_error: notification.last_error,
      last_attempted_at: iso(notification.last_attempted_at),
      next_attempt_at: iso(notification.next_attempt_at),
    }),
    relationships: {
      webhook: relationshipByIds(
        'webhook',
        (notification: WebhookNotificationEntity) => notification.webhook_id,
        (ids, account: AccountContext) => webhooks.findManyOwned(account, ids),
      ),
    },
    selfLink: (notification) => `/v2/webhook_notifications/${notification.id}`,
  };
}
