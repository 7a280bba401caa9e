export const TRACKING_REQUEST_STATUSES = ['pending', 'succeeded', 'failed', 'awaiting_manifest', 'tracking_stopped'] as const;
export type TrackingRequestStatus = (typeof TRACKING_REQUEST_STATUSES)[number];

export const REQUEST_TYPES = ['bill_of_lading', 'booking_number', 'container'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Reasons the service may still recover from: the request keeps being retried. */
export const TEMPORARY_FAILED_REASONS = [
  'unrecognized_response',
  'shipping_line_unreachable',
  'internal_processing_error',
  'awaiting_manifest',
] as const;
export type TemporaryFailedReason = (typeof TEMPORARY_FAILED_REASONS)[number];

/** Reasons that end the request for good. */
export const PERMANENT_FAILED_REASONS = [
  'duplicate',
  'expired',
  'retries_exhausted',
  'not_found',
  'invalid_number',
  'booking_cancelled',
  'data_unavailable',
] as const;
export type PermanentFailedReason = (typeof PERMANENT_FAILED_REASONS)[number];

export const FAILED_REASONS = [...TEMPORARY_FAILED_REASONS, ...PERMANENT_FAILED_REASONS] as const;
export type FailedReason = TemporaryFailedReason | PermanentFailedReason;

/** Why line tracking of a shipment stopped (reference `line_tracking_stopped_reason`). */
export const TRACKING_STOPPED_REASONS = [
  'all_containers_terminated',
  'past_arrival_window',
  'past_full_out_window',
  'no_updates_at_line',
  'cancelled_by_user',
  'booking_cancelled',
  'data_unavailable',
] as const;
export type TrackingStoppedReason = (typeof TRACKING_STOPPED_REASONS)[number];
