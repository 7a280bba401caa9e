/** One notification as the demo prints it, read from the JSON:API document a receiver gets. */
export interface NotificationView {
  id: string;
  event: string;
  /** What it is about: a container number, a tracking request number or a bill of lading. */
  subject: string;
  /** A short human reading: status, place and time, or the changeset. */
  detail: string;
  /** The container the event is about, when it is about one. */
  containerNumber: string | null;
  /** The tracking request of a `tracking_request.*` event, and why it failed if it did. */
  trackingRequestId: string | null;
  failedReason: string | null;
}

type Json = Record<string, unknown>;

const MAX_DETAIL = 100;

function record(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function attributesOf(resource: Json | undefined): Json {
  return record(resource?.['attributes']) ?? {};
}

/** `2026-08-14T09:30:05.000Z` → `2026-08-14 09:30` (UTC); anything else unchanged. */
export function shortTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? `${value.slice(0, 10)} ${value.slice(11, 16)}` : value;
}

/** A changeset value in a few characters: holds by name, fees by amount, times shortened. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return shortTime(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(shortItem).join(', ')}]`;
  return JSON.stringify(value);
}

function shortItem(item: unknown): string {
  const entry = record(item);
  if (!entry) return shortValue(item);
  const name = text(entry['name']);
  if (name !== null) return entry['status'] === 'pending' ? `${name} (pending)` : name;
  const type = text(entry['type']);
  if (type !== null && entry['amount'] !== undefined)
    return `${type} ${shortValue(entry['amount'])} ${text(entry['currency']) ?? ''}`.trim();
  return JSON.stringify(item);
}

/** `holds_at_pod_terminal [] → [customs]; available_for_pickup none → false` */
export function describeChangeset(changeset: unknown): string {
  const pairs = record(changeset) ?? {};
  return Object.entries(pairs)
    .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length === 2)
    .map(([attribute, [before, after]]) => `${attribute} ${shortValue(before)} → ${shortValue(after)}`)
    .join('; ');
}

function clip(value: string): string {
  return value.length > MAX_DETAIL ? `${value.slice(0, MAX_DETAIL - 1)}…` : value;
}

/** Value-change events reference a transport event stamped when seen; the new value is on the container. */
const CHANGED_VALUE: Readonly<Record<string, (container: Json) => unknown>> = {
  'container.pickup_lfd.changed': (c) => c['pickup_lfd'],
  'container.pickup_lfd_line.changed': (c) => record(c['import_deadlines'])?.['pickup_lfd_line'],
  'container.pickup_lfd_terminal.changed': (c) => record(c['import_deadlines'])?.['pickup_lfd_terminal'],
  'container.pickup_lfd_rail.changed': (c) => record(c['import_deadlines'])?.['pickup_lfd_rail'],
  'container.pickup_appointment.changed': (c) => c['pickup_appointment_at'],
};

function detailOf(event: string, reference: Json | undefined, container: Json | undefined): string {
  const attributes = attributesOf(reference);
  const changed = CHANGED_VALUE[event];
  if (changed && container) return `now ${shortValue(changed(attributesOf(container)))}`;
  switch (text(reference?.['type'])) {
    case 'tracking_request': {
      const status = text(attributes['status']) ?? '?';
      const reason = text(attributes['failed_reason']);
      return `${status}${reason && reason !== status ? ` (${reason})` : ''}`;
    }
    case 'transport_event':
      return [text(attributes['location_locode']), shortValue(attributes['timestamp'])]
        .filter((part) => part !== null && part !== 'none')
        .join(' ');
    case 'estimated_event':
      return `${text(attributes['location_locode']) ?? ''} estimated ${shortValue(attributes['estimated_timestamp'])}`.trim();
    case 'container_updated_event':
    case 'container_pod_terminal_changed_event':
      return describeChangeset(attributes['changeset']);
    case 'container': {
      const equipment = attributesOf(container);
      return `${shortValue(equipment['equipment_length'])}ft ${shortValue(equipment['equipment_height'])} ${shortValue(equipment['equipment_type'])}`;
    }
    default:
      return '';
  }
}

/** Reads a notification document; null when it is not one (the receiver answers 400). */
export function describeNotification(payload: unknown): NotificationView | null {
  const data = record(record(payload)?.['data']);
  if (!data || data['type'] !== 'webhook_notification') return null;
  const id = text(data['id']);
  const event = text(attributesOf(data)['event']);
  if (id === null || event === null) return null;
  const rawIncluded = record(payload)?.['included'];
  const included = (Array.isArray(rawIncluded) ? rawIncluded : []).map(record).filter((r): r is Json => r !== null);
  const reference = included[0];
  const container = included.find((r) => r['type'] === 'container');
  const request = included.find((r) => r['type'] === 'tracking_request');
  const shipment = included.find((r) => r['type'] === 'shipment');
  const containerNumber = event.startsWith('container.') ? text(attributesOf(container)['number']) : null;
  const subject =
    containerNumber ?? text(attributesOf(request)['request_number']) ?? text(attributesOf(shipment)['bill_of_lading_number']) ?? '';
  return {
    id,
    event,
    subject,
    detail: clip(detailOf(event, reference, container)),
    containerNumber,
    trackingRequestId: event.startsWith('tracking_request.') ? text(request?.['id']) : null,
    failedReason: text(attributesOf(request)['failed_reason']),
  };
}
