import type { TransportEventEntity, TransportEventRecord } from '@quayside/data-access';
import { relationshipByIds, relationshipOfTypes, transportEventAttributes } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const TRANSPORT_EVENT_TYPE = 'transport_event';

/** Batched loaders behind the includable relationships (one call for all parents). */
export interface TransportEventRelationshipLoaders {
  shipments: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  containers: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  ports: (ids: readonly string[]) => Promise<readonly unknown[]>;
  terminals: (ids: readonly string[]) => Promise<readonly object[]>;
  railTerminals: (ids: readonly string[]) => Promise<readonly object[]>;
  transportEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  rawEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
}

/**
 * Read through `TransportEventRepository` an event carries `source_event_id`, `vessel_id` and
 * `rail_terminal_id`; read elsewhere (a webhook payload) it does not, and those relationships are
 * left out (`terminal` is then the terminal of the reference data or null).
 */
type TransportEventView = TransportEventEntity & Partial<Pick<TransportEventRecord, 'source_event_id' | 'vessel_id' | 'rail_terminal_id'>>;

/**
 * The established API's transport event: `timestamp` is UTC, `timezone` the IANA zone of where it
 * happened (docs/webhooks.md). The vessel is also given as the attributes `vessel_name` and
 * `vessel_imo` (beyond the established API); `vessel` names it when the vessels table knows its
 * IMO (not includable: vessels are served by GET /v2/vessels/{id}).
 */
export function transportEventResource(loaders: TransportEventRelationshipLoaders): ResourceDefinition<TransportEventView, AccountContext> {
  return {
    type: TRANSPORT_EVENT_TYPE,
    id: (event) => event.id,
    attributes: transportEventAttributes,
    relationships: {
      shipment: relationshipByIds<TransportEventView, AccountContext>('shipment', (e) => e.shipment_id, loaders.shipments),
      container: relationshipByIds<TransportEventView, AccountContext>('container', (e) => e.container_id, loaders.containers),
      location: relationshipByIds<TransportEventView, AccountContext>(
        'port',
        (e) => e.location_id,
        (ids) => loaders.ports(ids),
      ),
      // The terminal of the reference data where it happened, else the rail facility of a rail event at the container's reported ramp.
      terminal: relationshipOfTypes<TransportEventView, AccountContext>('terminal', [
        { type: 'terminal', id: (e) => e.terminal_id, fetchByIds: (ids) => loaders.terminals(ids) },
        { type: 'rail_terminal', id: (e) => e.rail_terminal_id, fetchByIds: (ids) => loaders.railTerminals(ids) },
      ]),
      // The version this one corrects (docs/containers.md, "Corrections").
      previous_version: relationshipByIds<TransportEventView, AccountContext>(
        TRANSPORT_EVENT_TYPE,
        (e) => e.previous_version_id,
        loaders.transportEvents,
      ),
      // The raw event it came from (docs/containers.md, "Raw events").
      source_event: relationshipByIds<TransportEventView, AccountContext>('raw_event', (e) => e.source_event_id, loaders.rawEvents),
      vessel: relationshipByIds<TransportEventView, AccountContext>('vessel', (e) => e.vessel_id),
    },
  };
}
