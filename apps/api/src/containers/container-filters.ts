import type { ContainerListFilters } from '@quayside/data-access';
import { isUuid } from '@quayside/data-access';
import { CONTAINER_STATUSES, badRequest } from '@quayside/domain';
import type { ContainerStatus } from '@quayside/domain';
import type { Query } from '../common/query-parameters';
import { booleanParameter, rangeParameter, refuseUnknownFilters, searchParameter, textParameter } from '../common/query-parameters';

/** Query parameters `GET /v2/containers` understands besides `page[...]` and `include`. */
export const CONTAINER_FILTER_PARAMETERS = [
  'q',
  'number',
  'filter[number]',
  'filter[shipment_id]',
  'filter[current_status]',
  'filter[available_for_pickup]',
  'filter[created_at][start]',
  'filter[created_at][end]',
  'filter[updated_at][start]',
  'filter[updated_at][end]',
] as const;

/**
 * Reads the filters of `GET /v2/containers`: `filter[number]` as the established API names it (and
 * `number`), `q` (container number, reference number or bill of lading, substring), and the
 * `filter[...]` fields listed above. A malformed value or an unknown `filter[...]` answers 400 naming the parameter.
 */
export function parseContainerFilters(query: Query): ContainerListFilters {
  refuseUnknownFilters(query, CONTAINER_FILTER_PARAMETERS);
  const filters: ContainerListFilters = {};
  const q = searchParameter(query, 'q');
  if (q !== undefined) filters.q = q;
  const number = searchParameter(query, 'filter[number]') ?? searchParameter(query, 'number');
  if (number !== undefined) filters.number = number;
  const shipmentId = textParameter(query, 'filter[shipment_id]');
  if (shipmentId !== undefined) {
    if (!isUuid(shipmentId)) throw badRequest('filter[shipment_id] must be a shipment id (uuid).', { parameter: 'filter[shipment_id]' });
    filters.shipmentId = shipmentId;
  }
  const statuses = textParameter(query, 'filter[current_status]');
  if (statuses !== undefined) {
    const list = statuses.split(',').map((status) => status.trim());
    const unknown = list.filter((status) => !(CONTAINER_STATUSES as readonly string[]).includes(status));
    if (unknown.length > 0) {
      throw badRequest(`filter[current_status] takes a comma list of ${CONTAINER_STATUSES.join(', ')}; unknown: ${unknown.join(', ')}.`, {
        parameter: 'filter[current_status]',
      });
    }
    filters.currentStatuses = list as ContainerStatus[];
  }
  const available = booleanParameter(query, 'filter[available_for_pickup]');
  if (available !== undefined) filters.availableForPickup = available;
  const createdAt = rangeParameter(query, 'created_at');
  if (createdAt) filters.createdAt = createdAt;
  const updatedAt = rangeParameter(query, 'updated_at');
  if (updatedAt) filters.updatedAt = updatedAt;
  return filters;
}
