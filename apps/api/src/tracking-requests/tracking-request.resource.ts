import type { TrackingRequest } from '@quayside/domain';
import { relationshipByIds, trackingRequestAttributes } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const TRACKING_REQUEST_TYPE = 'tracking_request';

/** Loads the shipments behind `tracked_object` (or the parties behind `customer`) for a batch of requests (one call for all). */
export type ShipmentsLoader = (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
export type PartiesLoader = ShipmentsLoader;

/**
 * The established API's tracking request model. `tracked_object` is the shipment once the request
 * succeeded (null before, and for a failed request unless it is a duplicate of one that did);
 * `customer` the account's party named on create or PATCH.
 */
export function trackingRequestResource(
  shipments: ShipmentsLoader,
  parties: PartiesLoader,
): ResourceDefinition<TrackingRequest, AccountContext> {
  return {
    type: TRACKING_REQUEST_TYPE,
    id: (request) => request.id,
    attributes: trackingRequestAttributes,
    relationships: {
      tracked_object: relationshipByIds<TrackingRequest, AccountContext>('shipment', (request) => request.tracked_object_id, shipments),
      customer: relationshipByIds<TrackingRequest, AccountContext>('party', (request) => request.customer_id, parties),
      // Quayside has accounts and API keys, no users: no request was made by a user, so always null.
      user: relationshipByIds<TrackingRequest, AccountContext>('user', () => null),
    },
    selfLink: (request) => `/v2/tracking_requests/${request.id}`,
  };
}
