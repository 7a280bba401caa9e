import type { TransportEventEntity } from '@quayside/data-access';
import { relationshipByIds, transportEventAttributes } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const TRANSPORT_EVENT_TYPE = 'transport_event';

/** Batched loaders behind the includable relationships (one call for all parents). */
export interface TransportEventRelationshipLoaders {
  shipments: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  containers: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  ports: (ids: readonly string[]) => Promise<readonly unknown[]>;
  terminals: (ids: readonly string[]) => Promise<readonly unknown[]>;
  transportEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
}

/**
 * The established API's transport event: `timestamp` is UTC, `timezone` the IANA zone of where it
 * happened (docs/webhooks.md). There is no vessel resource, so the vessel is given as the
 * attributes `vessel_name` and `vessel_imo` (beyond the established API) instead of a relationship.
 */
export function transportEventResource(loaders: TransportEventRelationshipLoaders): ResourceDefinition<TransportEventEntity, AccountContext> {
  return {
    type: TRANSPORT_EVENT_TYPE,
    id: (event) => event.id,
    attributes: transportEventAttributes,
    relationships: {
      shipment: relationshipByIds<TransportEventEntity, AccountContext>('shipment', (e) => e.shipment_id, loaders.shipments),
      container: relationshipByIds<TransportEventEntity, AccountContext>('container', (e) => e.container_id, loaders.containers),
      location: relationshipByIds<TransportEventEntity, AccountContext>('port', (e) => e.location_id, (ids) => loaders.ports(ids)),
      terminal: relationshipByIds<TransportEventEntity, AccountContext>('terminal', (e) => e.terminal_id, (ids) => loaders.terminals(ids)),
      // The version this one corrects (docs/containers.md, "Corrections").
      previous_version: relationshipByIds<TransportEventEntity, AccountContext>(TRANSPORT_EVENT_TYPE, (e) => e.previous_version_id, loaders.transportEvents),
    },
  };
}
