import type { FailedReason, RequestType, TrackingRequestStatus } from '../enums/tracking-request.enum';
import type { Id, UtcTimestamp } from './common';

export interface TrackingRequestAttributes {
  request_number: string;
  request_type: RequestType;
  scac: string;
  ref_numbers: string[];
  tags: string[];
  /** The tags for the shipment (the established API's name); the same list as `tags`. */
  shipment_tags: string[];
  status: TrackingRequestStatus;
  failed_reason: FailedReason | null;
  is_retrying: boolean;
  retry_count: number;
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
}

export interface TrackingRequest extends TrackingRequestAttributes {
  id: Id;
  account_id: Id;
  /** The shipment once the request succeeded (`tracked_object`). */
  tracked_object_id: Id | null;
  /** The account's party the request is for (`customer`), null when none was named. */
  customer_id: Id | null;
}
