import type { DeliveryStatus, EventName, ReferenceObjectType } from '@quayside/domain';
import type { ContainerVisibility, ResourceObject } from '@quayside/json-api';
import type { NotificationRecords } from './payload-records';
import { webhookPayloadResources } from './webhook-resources';

export interface NotificationPayloadInput {
  /** The notification id: also `webhook-id`, the same on every retry. */
  id: string;
  event: EventName;
  delivery_status: DeliveryStatus;
  created_at: Date;
  webhook_id: string;
  reference_object: { type: ReferenceObjectType; id: string };
  records: NotificationRecords;
  /** What the receiving account may see of containers (`containerVisibilityFor` its features), as in the api. */
  visibility: ContainerVisibility;
}

/** The body posted to a receiver: the established API's JSON:API webhook notification document. */
export interface WebhookNotificationPayload {
  data: ResourceObject & { type: 'webhook_notification' };
  included: ResourceObject[];
}

function serializeAll(input: NotificationPayloadInput): ResourceObject[] {
  const { records } = input;
  const resources = webhookPayloadResources(input.visibility, records.custom_fields ?? [], input.created_at);
  const changeType =
    input.reference_object.type === 'container_pod_terminal_changed_event'
      ? 'container_pod_terminal_changed_event'
      : 'container_updated_event';
  const groups: [string, readonly unknown[] | undefined][] = [
    ['document', records.documents],
    ['document_representation', records.document_representations],
    ['tracking_request', records.tracking_requests],
    [changeType, records.container_changes],
    ['transport_event', records.transport_events],
    ['estimated_event', records.estimated_events],
    ['shipment', records.shipments],
    ['container', records.containers],
    ['port', records.ports],
    ['terminal', records.terminals],
    ['custom_field', records.custom_fields],
  ];
  return groups.flatMap(([type, list]) => (list ?? []).map((record) => resources.serialize(type, record)));
}

/**
 * Builds the notification document: `data` the webhook_notification with its `webhook` and
 * `reference_object` relationships, `included` the reference object first, then the related
 * records the established API lists for that event, each once.
 */
export function buildNotificationPayload(input: NotificationPayloadInput): WebhookNotificationPayload {
  const seen = new Set<string>();
  const resources: ResourceObject[] = [];
  for (const resource of serializeAll(input)) {
    const key = `${resource.type}/${resource.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    resources.push(resource);
  }
  const isReference = (r: ResourceObject) => r.type === input.reference_object.type && r.id === input.reference_object.id;
  const included = [...resources.filter(isReference), ...resources.filter((r) => !isReference(r))];
  return {
    data: {
      id: input.id,
      type: 'webhook_notification',
      attributes: {
        id: input.id,
        event: input.event,
        delivery_status: input.delivery_status,
        created_at: input.created_at.toISOString(),
      },
      relationships: {
        webhook: { data: { id: input.webhook_id, type: 'webhook' } },
        reference_object: { data: { id: input.reference_object.id, type: input.reference_object.type } },
      },
    },
    included,
  };
}
