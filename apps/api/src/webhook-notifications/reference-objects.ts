import type { WebhookNotificationEntity } from '@quayside/data-access';
import { badRequest } from '@quayside/domain';
import { parseInclude } from '@quayside/json-api';
import type { IncludeTree, JsonApiDocument, ResourceObject, ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { WEBHOOK_NOTIFICATION_TYPE } from './webhook-notification.resource';

export const REFERENCE_OBJECT = 'reference_object';

/**
 * Splits `include` into what the registry loads (`webhook`) and `reference_object`, which is
 * served from the notification's stored payload: the record exactly as it was delivered.
 */
export function parseNotificationInclude(
  registry: ResourceRegistry<AccountContext>,
  raw: unknown,
): { tree: IncludeTree; referenceObject: boolean } {
  if (typeof raw !== 'string') return { tree: parseInclude(registry, WEBHOOK_NOTIFICATION_TYPE, raw), referenceObject: false };
  const paths = raw
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  const nested = paths.find((path) => path.startsWith(`${REFERENCE_OBJECT}.`));
  if (nested !== undefined) {
    throw badRequest(`Unknown include path "${nested}": the reference object is included as delivered, without its relationships.`, {
      parameter: 'include',
    });
  }
  const others = paths.filter((path) => path !== REFERENCE_OBJECT);
  return { tree: parseInclude(registry, WEBHOOK_NOTIFICATION_TYPE, others.join(',')), referenceObject: others.length < paths.length };
}

function storedIncluded(row: WebhookNotificationEntity): ResourceObject[] {
  const included = (row.payload as { included?: unknown } | undefined)?.included;
  return Array.isArray(included) ? (included as ResourceObject[]) : [];
}

/**
 * Adds each notification's `reference_object` relationship (type and id from the row) and, when
 * asked, the reference object itself to `included`, once per type and id.
 */
export function withReferenceObjects(
  document: JsonApiDocument,
  rows: readonly WebhookNotificationEntity[],
  include: boolean,
): JsonApiDocument {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const resources = Array.isArray(document.data) ? document.data : document.data ? [document.data] : [];
  for (const resource of resources) {
    const row = byId.get(resource.id);
    if (!row) continue;
    resource.relationships = {
      ...resource.relationships,
      reference_object: { data: { id: row.reference_object_id, type: row.reference_object_type } },
    };
  }
  if (!include) return document;
  const included = [...(document.included ?? [])];
  const seen = new Set(included.map((resource) => `${resource.type}/${resource.id}`));
  for (const row of rows) {
    const key = `${row.reference_object_type}/${row.reference_object_id}`;
    if (seen.has(key)) continue;
    const stored = storedIncluded(row).find(
      (resource) => resource.type === row.reference_object_type && resource.id === row.reference_object_id,
    );
    if (!stored) continue;
    seen.add(key);
    included.push(stored);
  }
  return { ...document, included };
}
