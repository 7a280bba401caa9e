import type { AccountFeature, EventOrigin, EventRecord, EventRelatedRecords } from '@quayside/domain';
import { DATA_SOURCES, changesetForFeatures } from '@quayside/domain';
import type { ContainerChangeRecord, NotificationRecords } from './payload-records';

function isPair(value: unknown): value is [unknown, unknown] {
  return Array.isArray(value) && value.length === 2;
}

/** The changeset as stored by the tracker, keeping only well-formed `[old, new]` pairs. */
function changesetOf(payload: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const raw = payload['changeset'];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter((entry): entry is [string, [unknown, unknown]] => isPair(entry[1])),
  );
}

function dataSourceOf(payload: Record<string, unknown>): EventOrigin {
  const value = payload['data_source'];
  return (DATA_SOURCES as readonly unknown[]).includes(value) ? (value as EventOrigin) : 'terminal';
}

/**
 * Turns an event and its loaded records into the payload builder's input for an account with
 * `features`. Container change events
 * have no table of their own: the event row is the resource, its payload the changeset, without
 * the attributes the account lacks a feature for. Null when that leaves nothing to tell.
 */
export function notificationRecordsFromEvent(
  event: EventRecord,
  related: EventRelatedRecords,
  features: readonly AccountFeature[],
): NotificationRecords | null {
  const records: NotificationRecords = { ...related };
  const isChange =
    event.reference_object_type === 'container_updated_event' || event.reference_object_type === 'container_pod_terminal_changed_event';
  if (isChange && event.container_id) {
    const container = related.containers.find((c) => c.id === event.container_id);
    const timezone = event.payload['timezone'];
    const terminalId = event.payload['terminal_id'];
    const stored = changesetOf(event.payload);
    const changeset = changesetForFeatures(stored, features);
    if (Object.keys(stored).length > 0 && Object.keys(changeset).length === 0) return null;
    const change: ContainerChangeRecord = {
      id: event.reference_object_id,
      changeset,
      timestamp: event.occurred_at,
      timezone: typeof timezone === 'string' ? timezone : (container?.pod_timezone ?? null),
      data_source: dataSourceOf(event.payload),
      container_id: event.container_id,
      shipment_id: container?.shipment_id ?? event.shipment_id,
      terminal_id: typeof terminalId === 'string' ? terminalId : (container?.pod_terminal_id ?? null),
    };
    records.container_changes = [change];
  }
  return records;
}
