import { pageRequest, paginationLinksAndMeta } from '@quayside/json-api';
import type { ResourceObject } from '@quayside/json-api';
import type { EventName } from '@quayside/domain';
import { SAMPLE_IDS, sampleNotificationPayload } from '@quayside/webhooks';

/**
 * Example documents for the OpenAPI description, shared per resource type so every operation
 * that answers a container shows the same container. The tracked shipment (Manzanillo →
 * Oakland, one 40' container) comes from the webhook sample records, serialized by the same
 * code as real payloads, so the examples cannot drift from what the api answers.
 */

/** Where the examples pretend the api is served (links are absolute, as the api answers them). */
export const EXAMPLE_BASE_URL = 'https://quayside.example.com';

export { SAMPLE_IDS };

/**
 * The sample resource of `type` as the sample notification of `event` includes it
 * (`tracking_request`, `shipment`, `container`, `port`, `terminal`; `transport_event` of a
 * `container.transport.*` event). Resource self links stay relative, as the api answers them.
 */
export function sampleResource(type: string, event: EventName = 'tracking_request.succeeded'): ResourceObject {
  const resource = (sampleNotificationPayload(event).included ?? []).find((candidate) => candidate.type === type);
  if (!resource) throw new Error(`No sample ${type} in the sample ${event} notification.`);
  return resource;
}

/** `{data: resource}`, with `included` when given. */
export function exampleOne(resource: object, included?: readonly object[]): Record<string, unknown> {
  return { data: resource, ...(included && included.length > 0 ? { included } : {}) };
}

/** The first page of a list at `path` (e.g. `/v2/containers`) holding `resources`, with the links and meta the api answers. */
export function exampleList(path: string, resources: readonly object[], included?: readonly object[]): Record<string, unknown> {
  const { links, meta } = paginationLinksAndMeta({
    path: `${EXAMPLE_BASE_URL}${path}`,
    query: {},
    page: pageRequest(1, 30),
    total: resources.length,
  });
  return { data: resources, ...(included && included.length > 0 ? { included } : {}), links, meta };
}

/** A whole small list (API keys, widget keys): `links.self` and the count, no pages. */
export function exampleAll(path: string, resources: readonly object[]): Record<string, unknown> {
  return { data: resources, links: { self: `${EXAMPLE_BASE_URL}${path}` }, meta: { size: resources.length, total: resources.length } };
}

/** A request document as a client sends it. */
export function exampleRequest(type: string, attributes: object, extra: object = {}): Record<string, unknown> {
  return { data: { type, attributes, ...extra } };
}
