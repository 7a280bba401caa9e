import type { ShipmentRecord } from '@quayside/data-access';
import type { Plan } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import { SHIPMENT_TYPE } from './shipment.resource';

export type WithheldShipmentDocument = Omit<JsonApiDocument, 'meta'> & {
  meta: { tracking_data_withheld: true; plan: Plan; detail: string };
};

/**
 * What stop and resume answer to an account whose plan does not let it read tracking data
 * (docs/plans.md "Stop and resume on every plan"): the shipment's id and its tracking switch,
 * which the client itself just set, and nothing a carrier or terminal reported.
 */
export function withheldShipmentDocument(
  shipment: Pick<ShipmentRecord, 'id' | 'line_tracking_stopped_at' | 'line_tracking_stopped_reason'>,
  plan: Plan,
): WithheldShipmentDocument {
  return {
    data: {
      id: shipment.id,
      type: SHIPMENT_TYPE,
      attributes: {
        line_tracking_stopped_at: shipment.line_tracking_stopped_at,
        line_tracking_stopped_reason: shipment.line_tracking_stopped_reason,
      },
      links: { self: `/v2/shipments/${shipment.id}` },
    },
    meta: {
      tracking_data_withheld: true,
      plan,
      detail: `The ${plan} plan does not allow reading tracking data. A trial or paid plan is needed.`,
    },
  };
}
