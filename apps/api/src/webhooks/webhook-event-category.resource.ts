import { EVENT_CATALOG, EVENT_GROUPS, eventsInGroup, isEventAvailableTo } from '@quayside/domain';
import type { AccountFeature, EventGroup } from '@quayside/domain';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const WEBHOOK_EVENT_CATEGORY_TYPE = 'webhook_event_category';

export interface CatalogEvent {
  name: string;
  description: string;
  /** The account feature needed to subscribe to and receive it, or null. */
  required_feature: AccountFeature | null;
  /** Whether the calling account may subscribe to it (it has the feature). */
  available: boolean;
  /** False for reference events this service never sends (document extraction). */
  emitted: boolean;
}

export interface WebhookEventCategory {
  id: string;
  name: string;
  events: CatalogEvent[];
}

const CATEGORY_NAMES: Readonly<Record<EventGroup, { id: string; name: string }>> = {
  tracking_request: { id: 'tracking-request-events', name: 'Tracking Request Events' },
  container_milestone: { id: 'container-milestone-events', name: 'Container Milestone Events' },
  estimated: { id: 'estimated-time-events', name: 'Estimated Time Events' },
  container: { id: 'container-events', name: 'Container Events' },
  last_free_day: { id: 'last-free-day-events', name: 'Last Free Day Events' },
  availability: { id: 'availability-events', name: 'Availability Events' },
  document: { id: 'document-events', name: 'Document Events' },
};

/** The event catalog grouped as the established API's `webhook_event_category` list, judged for one account. */
export function webhookEventCategories(features: readonly AccountFeature[]): WebhookEventCategory[] {
  return EVENT_GROUPS.map((group) => ({
    ...CATEGORY_NAMES[group],
    events: eventsInGroup(group).map((name) => {
      const entry = EVENT_CATALOG[name];
      return {
        name,
        description: entry.description,
        required_feature: entry.required_feature,
        available: isEventAvailableTo(name, features),
        emitted: entry.reference_object_type !== null,
      };
    }),
  })).filter((category) => category.events.length > 0);
}

export const webhookEventCategoryResource: ResourceDefinition<WebhookEventCategory, AccountContext> = {
  type: WEBHOOK_EVENT_CATEGORY_TYPE,
  id: (category) => category.id,
  attributes: (category) => ({ name: category.name, events: category.events }),
};
