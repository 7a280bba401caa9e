import type { ShipmentFilters } from '@quayside/data-access';
import type { Query } from '../common/query-parameters';
import { booleanParameter, refuseUnknownFilters, searchParameter } from '../common/query-parameters';

/** Query parameters `GET /v2/shipments` understands besides `page[...]` and `include`. */
export const SHIPMENT_FILTER_PARAMETERS = ['q', 'number', 'filter[tracking_stopped]'] as const;

/**
 * The established API's shipment filters: `q` (bill of lading, reference number or container number,
 * substring), `number` (the number the shipment was tracked by, exact) and
 * `filter[tracking_stopped]`. 400 names a malformed or unknown one.
 */
export function parseShipmentFilters(query: Query): ShipmentFilters {
  refuseUnknownFilters(query, SHIPMENT_FILTER_PARAMETERS);
  const filters: ShipmentFilters = {};
  const q = searchParameter(query, 'q');
  if (q !== undefined) filters.q = q;
  const number = searchParameter(query, 'number');
  if (number !== undefined) filters.number = number.replace(/\s+/g, '').toUpperCase();
  const stopped = booleanParameter(query, 'filter[tracking_stopped]');
  if (stopped !== undefined) filters.tracking_stopped = stopped;
  return filters;
}
