import type { DeliveryStatus, EventName, ReferenceObjectType } from '../index';

/** A webhook notification as stored (`webhook_notifications`): one event for one webhook, with its delivery state. Entities in data-access implement it. */
export interface WebhookNotificationRecord {
  id: string;
  account_id: string;
  webhook_id: string;
  event_id: string;
  /** The event name (copied from the event, as the resource shows it). */
  event: EventName;
  reference_object_type: ReferenceObjectType;
  reference_object_id: string;
  delivery_status: DeliveryStatus;
  attempts: number;
  last_response_status: number | null;
  /** At most `WEBHOOK_RESPONSE_BODY_MAX_BYTES`. */
  last_response_body: string | null;
  last_error: string | null;
  last_attempted_at: Date | null;
  next_attempt_at: Date | null;
  /** The exact body posted (and signed), fixed at fan-out so retries send the same bytes. */
  payload: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}
