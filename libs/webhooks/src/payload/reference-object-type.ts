import { ESTIMATED_EVENT_NAMES } from '@quayside/domain';
import type { EventName, ReferenceObjectType } from '@quayside/domain';

const ESTIMATED: ReadonlySet<string> = new Set(ESTIMATED_EVENT_NAMES);

/**
 * What a notification of this event points at (`relationships.reference_object`), as the
 * reference does: tracking requests, estimated events, container change events, and a
 * transport event for every milestone, availability and last-free-day change, and the document
 * itself for its extraction events.
 */
export function referenceObjectTypeFor(event: EventName): ReferenceObjectType {
  if (event.startsWith('tracking_request.')) return 'tracking_request';
  if (ESTIMATED.has(event)) return 'estimated_event';
  switch (event) {
    case 'container.updated':
      return 'container_updated_event';
    case 'container.pod_terminal_changed':
      return 'container_pod_terminal_changed_event';
    case 'container.created':
      return 'container';
    case 'document.extracted':
    case 'document.extraction_failed':
      return 'document';
    default:
      return 'transport_event';
  }
}
