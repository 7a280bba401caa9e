import { containerAttributes, relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import type { ContainerView } from './container-view';

export const CONTAINER_TYPE = 'container';

/** Batched loaders behind the includable relationships (one call for all parents). */
export interface ContainerRelationshipLoaders {
  shipments: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  terminals: (ids: readonly string[]) => Promise<readonly unknown[]>;
  transportEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  rawEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
}

export function containerResource(loaders: ContainerRelationshipLoaders): ResourceDefinition<ContainerView, AccountContext> {
  return {
    type: CONTAINER_TYPE,
    id: (container) => container.id,
    // The journey (days left, risk) as of this answer.
    attributes: (container) => ({
      ...containerAttributes(container, { railLfd: container.rail_lfd_visible !== false }, new Date()),
      // A Quayside extension, where the read filled it (docs/carriers.md, "Source health").
      ...(container.data_stale === undefined ? {} : { data_stale: container.data_stale }),
    }),
    relationships: {
      shipment: relationshipByIds<ContainerView, AccountContext>('shipment', (c) => c.shipment_id, loaders.shipments),
      pod_terminal: relationshipByIds<ContainerView, AccountContext>(
        'terminal',
        (c) => c.pod_terminal_id,
        (ids) => loaders.terminals(ids),
      ),
      transport_events: relationshipByIds<ContainerView, AccountContext>(
        'transport_event',
        (c) => c.transport_event_ids,
        loaders.transportEvents,
      ),
      // Where the container is to be picked up: the inland terminal when it goes on by rail, else the POD terminal.
      pickup_facility: relationshipByIds<ContainerView, AccountContext>(
        'terminal',
        (c) => c.pickup_facility_id,
        (ids) => loaders.terminals(ids),
      ),
      raw_events: relationshipByIds<ContainerView, AccountContext>('raw_event', (c) => c.raw_event_ids, loaders.rawEvents),
    },
    selfLink: (container) => `/v2/containers/${container.id}`,
  };
}
