import type { ShipmentRecord } from '@quayside/data-access';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const SHIPMENT_TYPE = 'shipment';

type Loader = (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;

/** Batched loaders behind the includable relationships (each called once for all parents). */
export interface ShipmentRelationshipLoaders {
  ports: Loader;
  terminals: Loader;
  shippingLines: Loader;
  containers: Loader;
}

/**
 * A shipment as `ShipmentRepository` reads it; `container_ids` fills the to-many `containers`
 * linkage and is left out when a loader did not fill it.
 */
export type ShipmentView = Omit<ShipmentRecord, 'container_ids'> & { container_ids?: readonly string[] };

/** The reference's shipment model; instants in UTC with their IANA zones beside them. */
export function shipmentResource(loaders: ShipmentRelationshipLoaders): ResourceDefinition<ShipmentView, AccountContext> {
  const to = (type: string, linkage: (shipment: ShipmentView) => string | null | readonly string[] | undefined, load: Loader) =>
    relationshipByIds<ShipmentView, AccountContext>(type, linkage, load);
  return {
    type: SHIPMENT_TYPE,
    id: (shipment) => shipment.id,
    attributes: (s) => ({
      bill_of_lading_number: s.bill_of_lading_number,
      normalized_number: s.normalized_number,
      ref_numbers: s.ref_numbers,
      tags: s.tags,
      created_at: s.created_at,
      updated_at: s.updated_at,
      port_of_lading_locode: s.port_of_lading_locode,
      port_of_lading_name: s.port_of_lading_name,
      port_of_discharge_locode: s.port_of_discharge_locode,
      port_of_discharge_name: s.port_of_discharge_name,
      destination_locode: s.destination_locode,
      destination_name: s.destination_name,
      shipping_line_scac: s.shipping_line_scac,
      shipping_line_name: s.shipping_line_name,
      shipping_line_short_name: s.shipping_line_short_name,
      customer_name: s.customer_name,
      pod_vessel_name: s.pod_vessel_name,
      pod_vessel_imo: s.pod_vessel_imo,
      pod_voyage_number: s.pod_voyage_number,
      pol_etd_at: s.pol_etd_at,
      pol_atd_at: s.pol_atd_at,
      pod_eta_at: s.pod_eta_at,
      pod_original_eta_at: s.pod_original_eta_at,
      pod_ata_at: s.pod_ata_at,
      destination_eta_at: s.destination_eta_at,
      destination_ata_at: s.destination_ata_at,
      pol_timezone: s.pol_timezone,
      pod_timezone: s.pod_timezone,
      destination_timezone: s.destination_timezone,
      line_tracking_last_attempted_at: s.line_tracking_last_attempted_at,
      line_tracking_last_succeeded_at: s.line_tracking_last_succeeded_at,
      line_tracking_stopped_at: s.line_tracking_stopped_at,
      line_tracking_stopped_reason: s.line_tracking_stopped_reason,
    }),
    relationships: {
      port_of_lading: to('port', (s) => s.port_of_lading_id, loaders.ports),
      port_of_discharge: to('port', (s) => s.port_of_discharge_id, loaders.ports),
      destination: to('port', (s) => s.destination_id, loaders.ports),
      pod_terminal: to('terminal', (s) => s.pod_terminal_id, loaders.terminals),
      destination_terminal: to('terminal', (s) => s.destination_terminal_id, loaders.terminals),
      shipping_line: to('shipping_line', (s) => s.shipping_line_id, loaders.shippingLines),
      containers: to('container', (s) => s.container_ids, loaders.containers),
    },
    selfLink: (shipment) => `/v2/shipments/${shipment.id}`,
  };
}
