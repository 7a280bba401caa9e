import type { DeliveryStatus, EventName } from '../enums/event-name.enum';
import type { Id, UtcTimestamp } from './common';

export interface WebhookHeader {
  name: string;
  value: string;
}

export interface WebhookAttributes {
  url: string;
  active: boolean;
  events: EventName[];
  secret: string;
  headers: WebhookHeader[];
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
  /** Why the service turned the webhook off (e.g. failing for 5 days), null while active or off by hand. */
  deactivated_reason: string | null;
}
export interface Webhook extends WebhookAttributes {
  id: Id;
  account_id: Id;
}

export const REFERENCE_OBJECT_TYPES = [
  'tracking_request',
  'estimated_event',
  'transport_event',
  'container_updated_event',
  'container_pod_terminal_changed_event',
  'shipment',
  'container',
  'document',
] as const;
export type ReferenceObjectType = (typeof REFERENCE_OBJECT_TYPES)[number];

export interface WebhookNotificationAttributes {
  event: EventName;
  delivery_status: DeliveryStatus;
  created_at: UtcTimestamp;
  attempts: number;
  last_response_status: number | null;
  last_attempted_at: UtcTimestamp | null;
}
export interface WebhookNotification extends WebhookNotificationAttributes {
  id: Id;
  account_id: Id;
  webhook_id: Id;
  reference_object_type: ReferenceObjectType;
  reference_object_id: Id;
}
