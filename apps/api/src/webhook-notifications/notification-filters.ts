import { isUuid } from '@quayside/data-access';
import type { WebhookNotificationFilters } from '@quayside/data-access';
import { DELIVERY_STATUSES, EVENT_NAMES, badRequest } from '@quayside/domain';
import type { DeliveryStatus, EventName } from '@quayside/domain';
import { parseInstant, refuseUnknownFilters } from '../common/query-parameters';

/** Query parameters `GET /v2/webhook_notifications` understands besides `page[...]` and `include`. */
export const NOTIFICATION_FILTER_PARAMETERS = [
  'filter[webhook_id]',
  'filter[event]',
  'filter[delivery_status]',
  'filter[created_at][start]',
  'filter[created_at][end]',
] as const;

/** A query member given once as text, flat (`'filter[event]'`) or nested (`filter.event`) depending on the parser. */
export function queryText(query: Record<string, unknown>, parameter: string): string | undefined {
  const path = parameter.match(/[^[\]]+/g) ?? [parameter];
  let value: unknown = query[parameter];
  if (value === undefined && path.length > 1) {
    value = path.reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      query,
    );
  }
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${parameter} must be given once.`, { parameter });
  return value;
}

/**
 * Reads the filters of `GET /v2/webhook_notifications` (they combine with AND). A malformed
 * value or an unknown `filter[...]` answers 400 naming the parameter, an unknown event or status naming the value.
 */
export function parseNotificationFilters(query: Record<string, unknown>): WebhookNotificationFilters {
  refuseUnknownFilters(query, NOTIFICATION_FILTER_PARAMETERS);
  const filters: WebhookNotificationFilters = {};
  const webhookId = queryText(query, 'filter[webhook_id]');
  if (webhookId !== undefined) {
    if (!isUuid(webhookId)) throw badRequest('filter[webhook_id] must be a webhook id (uuid).', { parameter: 'filter[webhook_id]' });
    filters.webhook_id = webhookId;
  }
  const event = queryText(query, 'filter[event]');
  if (event !== undefined) {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) {
      throw badRequest(`filter[event]: "${event}" is not a known event name; GET /v2/webhooks/events lists them.`, {
        parameter: 'filter[event]',
      });
    }
    filters.event = event as EventName;
  }
  const status = queryText(query, 'filter[delivery_status]');
  if (status !== undefined) {
    if (!(DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`filter[delivery_status]: "${status}" is not one of ${DELIVERY_STATUSES.join(', ')}.`, {
        parameter: 'filter[delivery_status]',
      });
    }
    filters.delivery_status = status as DeliveryStatus;
  }
  const start = queryText(query, 'filter[created_at][start]');
  if (start !== undefined) filters.created_from = parseInstant(start, 'filter[created_at][start]');
  const end = queryText(query, 'filter[created_at][end]');
  if (end !== undefined) filters.created_to = parseInstant(end, 'filter[created_at][end]');
  return filters;
}
