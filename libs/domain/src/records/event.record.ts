import type { EventName, ReferenceObjectType } from '../index';

/** A stored event (`events`): what happened, to which record, for which account; fanned out to webhooks. Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface EventRecord {
  id: string;
  account_id: string;
  name: EventName;
  reference_object_type: ReferenceObjectType;
  reference_object_id: string;
  shipment_id: string | null;
  container_id: string | null;
  tracking_request_id: string | null;
  /** Event-specific data, e.g. the `changeset` of `container.updated` (old value first, new second). */
  payload: Record<string, unknown>;
  occurred_at: Date;
  dedupe_key: string;
  created_at: Date;
}
