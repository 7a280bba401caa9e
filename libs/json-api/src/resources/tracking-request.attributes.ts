import type { TrackingRequestAttributes } from '@quayside/domain';
import type { AttributesOf } from './attributes-of';

/**
 * The established API's tracking request attributes, for the api and for webhook payloads alike,
 * from a tracking request as `toTrackingRequest` (data-access) reads it.
 */
export function trackingRequestAttributes(request: TrackingRequestAttributes): AttributesOf<TrackingRequestAttributes> {
  return {
    request_number: request.request_number,
    request_type: request.request_type,
    scac: request.scac,
    ref_numbers: request.ref_numbers,
    tags: request.tags,
    shipment_tags: request.shipment_tags,
    status: request.status,
    failed_reason: request.failed_reason,
    is_retrying: request.is_retrying,
    retry_count: request.retry_count,
    created_at: request.created_at,
    updated_at: request.updated_at,
  };
}
