import type { AccountFeature } from '../enums/account.enum';
import type { EventName } from '../enums/event-name.enum';
import { ESTIMATED_EVENT_NAMES, EVENT_NAMES, MILESTONE_EVENT_NAMES } from '../enums/event-name.enum';
import type { ReferenceObjectType } from '../resources/webhook';

export const EVENT_GROUPS = [
  'tracking_request',
  'container_milestone',
  'estimated',
  'container',
  'last_free_day',
  'availability',
  'document',
] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

export interface EventCatalogEntry {
  readonly name: EventName;
  readonly group: EventGroup;
  /** The account feature a subscriber needs to receive it (docs/plans.md); null for none. */
  readonly required_feature: AccountFeature | null;
  /** The `reference_object` type of its webhook notification; null when this service never emits it. */
  readonly reference_object_type: ReferenceObjectType | null;
  readonly description: string;
}

const LAST_FREE_DAY_EVENTS: Readonly<Partial<Record<EventName, string>>> = {
  'container.pickup_lfd.changed': 'The coalesced last free day (line, else terminal, else rail) changed.',
  'container.pickup_lfd_line.changed': "The shipping line's last free day (per diem deadline) changed.",
  'container.pickup_lfd_terminal.changed': "The terminal's last free day (demurrage deadline) changed.",
  'container.pickup_lfd_rail.changed': "The rail carrier's last free day at the inland destination changed.",
};

const OTHER_DESCRIPTIONS: Readonly<Partial<Record<EventName, string>>> = {
  'tracking_request.succeeded': 'The carrier returned the shipment; the tracking request succeeded.',
  'tracking_request.failed': 'The tracking request failed for good; `failed_reason` says why.',
  'tracking_request.awaiting_manifest': 'The carrier has not manifested the number yet; the service re-checks daily.',
  'tracking_request.tracking_stopped': 'Tracking of the shipment stopped.',
  'container.created': 'A container was added to a tracked shipment.',
  'container.updated': 'Terminal-side change to fees, holds, last free days, appointment, availability or terminal; carries a changeset.',
  'container.pod_terminal_changed': 'The terminal at the port of discharge changed.',
  'container.pickup_appointment.changed': 'The pickup appointment time changed.',
  'container.transport.available': 'The container became available for pickup.',
  'container.transport.not_available': 'The container is no longer available for pickup.',
  'shipment.estimated.arrival': 'The estimated arrival at the port of discharge changed.',
  'document.extracted': 'A document was read: its type, extracted fields (document_representation) and links to shipments and containers.',
  'document.extraction_failed': 'A document could not be read; `extraction_error` says why.',
};

function classify(name: EventName): Omit<EventCatalogEntry, 'name' | 'description'> {
  if (name.startsWith('tracking_request.'))
    return { group: 'tracking_request', required_feature: null, reference_object_type: 'tracking_request' };
  if (name.startsWith('document.')) return { group: 'document', required_feature: null, reference_object_type: 'document' };
  if ((MILESTONE_EVENT_NAMES as readonly string[]).includes(name))
    return { group: 'container_milestone', required_feature: null, reference_object_type: 'transport_event' };
  if ((ESTIMATED_EVENT_NAMES as readonly string[]).includes(name))
    return { group: 'estimated', required_feature: null, reference_object_type: 'estimated_event' };
  if (LAST_FREE_DAY_EVENTS[name] !== undefined)
    return {
      group: 'last_free_day',
      required_feature: name === 'container.pickup_lfd_rail.changed' ? 'rail_lfd' : null,
      reference_object_type: 'transport_event',
    };
  if (name === 'container.transport.available' || name === 'container.transport.not_available')
    return { group: 'availability', required_feature: null, reference_object_type: 'transport_event' };
  if (name === 'container.updated') return { group: 'container', required_feature: null, reference_object_type: 'container_updated_event' };
  if (name === 'container.pod_terminal_changed')
    return { group: 'container', required_feature: null, reference_object_type: 'container_pod_terminal_changed_event' };
  if (name === 'container.pickup_appointment.changed')
    return { group: 'container', required_feature: null, reference_object_type: 'transport_event' };
  return { group: 'container', required_feature: null, reference_object_type: 'container' };
}

function describe(name: EventName): string {
  const known = LAST_FREE_DAY_EVENTS[name] ?? OTHER_DESCRIPTIONS[name];
  if (known !== undefined) return known;
  const [, kind = name] = /^container\.transport\.(?:estimated\.)?(.+)$/.exec(name) ?? [];
  const words = kind.replace(/_/g, ' ');
  return name.includes('.estimated.') ? `The estimated time of "${words}" changed.` : `Milestone: ${words}.`;
}

/**
 * All 43 event names of the established API, each with its group, the account feature needed to
 * receive it (only `container.pickup_lfd_rail.changed` needs one: `rail_lfd`), and the type of
 * the object its notification refers to. Keys are in the established API's order.
 */
export const EVENT_CATALOG: Readonly<Record<EventName, EventCatalogEntry>> = Object.freeze(
  Object.fromEntries(EVENT_NAMES.map((name) => [name, Object.freeze({ name, ...classify(name), description: describe(name) })])) as Record<
    EventName,
    EventCatalogEntry
  >,
);

export function eventsInGroup(group: EventGroup): EventName[] {
  return EVENT_NAMES.filter((name) => EVENT_CATALOG[name].group === group);
}

/** Whether an account with these features may subscribe to and receive `event`. */
export function isEventAvailableTo(event: EventName, features: readonly AccountFeature[]): boolean {
  const feature = EVENT_CATALOG[event].required_feature;
  return feature === null || features.includes(feature);
}
