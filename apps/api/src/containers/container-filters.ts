import type { ContainerListFilters, InstantRange } from '@quayside/data-access';
import { isUuid } from '@quayside/data-access';
import { CONTAINER_STATUSES, badRequest } from '@quayside/domain';
import type { ContainerStatus } from '@quayside/domain';

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

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function text(query: Record<string, unknown>, parameter: string): string | undefined {
  const value = query[parameter];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${parameter} must be given once.`, { parameter });
  return value;
}

function instant(query: Record<string, unknown>, parameter: string): Date | undefined {
  const value = text(query, parameter);
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (!ISO_INSTANT.test(value) || Number.isNaN(parsed.getTime())) {
    throw badRequest(`${parameter} must be an ISO 8601 date-time, e.g. 2026-08-14T00:00:00Z.`, { parameter });
  }
  return parsed;
}

function range(query: Record<string, unknown>, field: 'created_at' | 'updated_at'): InstantRange | undefined {
  const start = instant(query, `filter[${field}][start]`);
  const end = instant(query, `filter[${field}][end]`);
  if (start === undefined && end === undefined) return undefined;
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * Reads the filters of `GET /v2/containers`: `filter[number]` as the established API names it (and
 * `number`), `q` (container number, reference number or bill of lading, substring), and the
 * `filter[...]` fields listed above. A malformed value answers 400 naming the parameter.
 */
export function parseContainerFilters(query: Record<string, unknown>): ContainerListFilters {
  const filters: ContainerListFilters = {};
  const q = text(query, 'q');
  if (q !== undefined && q.trim() !== '') filters.q = q;
  const number = text(query, 'filter[number]') ?? text(query, 'number');
  if (number !== undefined && number.trim() !== '') filters.number = number;
  const shipmentId = text(query, 'filter[shipment_id]');
  if (shipmentId !== undefined) {
    if (!isUuid(shipmentId)) throw badRequest('filter[shipment_id] must be a shipment id (uuid).', { parameter: 'filter[shipment_id]' });
    filters.shipmentId = shipmentId;
  }
  const statuses = text(query, 'filter[current_status]');
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
  const available = text(query, 'filter[available_for_pickup]');
  if (available !== undefined) {
    if (available !== 'true' && available !== 'false') {
      throw badRequest('filter[available_for_pickup] must be true or false.', { parameter: 'filter[available_for_pickup]' });
    }
    filters.availableForPickup = available === 'true';
  }
  const createdAt = range(query, 'created_at');
  if (createdAt) filters.createdAt = createdAt;
  const updatedAt = range(query, 'updated_at');
  if (updatedAt) filters.updatedAt = updatedAt;
  return filters;
}
