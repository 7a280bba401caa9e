import type { ShipmentRecord } from '@quayside/data-access';
import { relationshipByIds, relationshipOfTypes, shipmentAttributes } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const SHIPMENT_TYPE = 'shipment';

type Loader = (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;

/** Batched loaders behind the includable relationships (each called once for all parents). */
export interface ShipmentRelationshipLoaders {
  ports: Loader;
  terminals: Loader;
  railTerminals: (ids: readonly string[]) => Promise<readonly object[]>;
  shippingLines: Loader;
  containers: Loader;
}

/**
 * A shipment as `ShipmentRepository` reads it; `container_ids` fills the to-many `containers`
 * linkage and is left out when a loader did not fill it. `destination_rail_terminal_id` is the
 * inland rail facility its containers go to (docs/containers.md, "Rail terminals").
 */
export type ShipmentView = Omit<ShipmentRecord, 'container_ids'> & { container_ids?: readonly string[] };

/** The established API's shipment model; instants in UTC with their IANA zones beside them. */
export function shipmentResource(loaders: ShipmentRelationshipLoaders): ResourceDefinition<ShipmentView, AccountContext> {
  const to = (type: string, linkage: (shipment: ShipmentView) => string | null | readonly string[] | undefined, load: Loader) =>
    relationshipByIds<ShipmentView, AccountContext>(type, linkage, load);
  return {
    type: SHIPMENT_TYPE,
    id: (shipment) => shipment.id,
    // `data_stale` (a Quayside extension) where the read filled it: the api's reads do, webhook payloads do not.
    attributes: (shipment) => ({
      ...shipmentAttributes(shipment),
      ...(shipment.data_stale === undefined ? {} : { data_stale: shipment.data_stale }),
    }),
    relationships: {
      port_of_lading: to('port', (s) => s.port_of_lading_id, loaders.ports),
      port_of_discharge: to('port', (s) => s.port_of_discharge_id, loaders.ports),
      destination: to('port', (s) => s.destination_id, loaders.ports),
      pod_terminal: to('terminal', (s) => s.pod_terminal_id, loaders.terminals),
      // A terminal of the reference data when one is known, else the rail facility a rail carrier reported.
      destination_terminal: relationshipOfTypes<ShipmentView, AccountContext>('terminal', [
        {
          type: 'terminal',
          id: (s) => s.destination_terminal_id,
          fetchByIds: async (ids, account) => (await loaders.terminals(ids, account)) as readonly object[],
        },
        { type: 'rail_terminal', id: (s) => s.destination_rail_terminal_id, fetchByIds: (ids) => loaders.railTerminals(ids) },
      ]),
      shipping_line: to('shipping_line', (s) => s.shipping_line_id, loaders.shippingLines),
      containers: to('container', (s) => s.container_ids, loaders.containers),
      // Quayside has accounts and API keys, no users: tracking is stopped by the system or by a key, so always null.
      line_tracking_stopped_by_user: relationshipByIds<ShipmentView, AccountContext>('user', () => null),
    },
    selfLink: (shipment) => `/v2/shipments/${shipment.id}`,
  };
}
