import type { TrackingRequestFilters } from '@quayside/data-access';
import { TRACKING_REQUEST_STATUSES, badRequest } from '@quayside/domain';
import type { TrackingRequestStatus } from '@quayside/domain';
import type { Query } from '../common/query-parameters';
import { rangeParameter, refuseUnknownFilters, searchParameter, textParameter } from '../common/query-parameters';

/** Query parameters `GET /v2/tracking_requests` understands besides `page[...]` and `include`. */
export const TRACKING_REQUEST_FILTER_PARAMETERS = [
  'q',
  'filter[request_number]',
  'filter[status]',
  'filter[scac]',
  'filter[created_at][start]',
  'filter[created_at][end]',
  'filter[updated_at][start]',
  'filter[updated_at][end]',
] as const;

// The established API calls a succeeded request `created`; its clients filter by that name.
// A Map: `filter[status]=constructor` must be named as unknown, not found on Object.prototype.
const STATUS_ALIASES: ReadonlyMap<string, TrackingRequestStatus> = new Map([['created', 'succeeded']]);

/**
 * The established API's filters: `q` (request number or a reference number, substring),
 * `filter[request_number]` (exact, upper-cased), `filter[status]` (a comma list),
 * `filter[scac]`, and inclusive `created_at`/`updated_at` ranges. 400 names a bad parameter.
 */
export function parseTrackingRequestFilters(query: Query): TrackingRequestFilters {
  refuseUnknownFilters(query, TRACKING_REQUEST_FILTER_PARAMETERS);
  const filters: TrackingRequestFilters = {};
  const q = searchParameter(query, 'q');
  if (q !== undefined) filters.q = q;
  const number = searchParameter(query, 'filter[request_number]');
  if (number !== undefined) filters.request_number = number.replace(/\s+/g, '').toUpperCase();
  const status = textParameter(query, 'filter[status]');
  if (status !== undefined) filters.status = parseStatuses(status);
  const scac = searchParameter(query, 'filter[scac]');
  if (scac !== undefined) filters.scac = scac.toUpperCase();
  const createdAt = rangeParameter(query, 'created_at');
  if (createdAt) filters.created_at = createdAt;
  const updatedAt = rangeParameter(query, 'updated_at');
  if (updatedAt) filters.updated_at = updatedAt;
  return filters;
}

function parseStatuses(value: string): TrackingRequestStatus[] {
  const statuses = value
    .split(',')
    .map((status) => status.trim())
    .map((status) => STATUS_ALIASES.get(status) ?? status);
  const unknown = statuses.filter((status) => !(TRACKING_REQUEST_STATUSES as readonly string[]).includes(status));
  if (unknown.length > 0) {
    throw badRequest(`filter[status] takes a comma list of ${TRACKING_REQUEST_STATUSES.join(', ')}; unknown: ${unknown.join(', ')}.`, {
      parameter: 'filter[status]',
    });
  }
  return [...new Set(statuses as TrackingRequestStatus[])];
}
