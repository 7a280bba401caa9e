import type { NewEstimatedEvent, NewEvent, NewTransportEvent } from '@quayside/data-access';
import type {
  EventOrigin,
  EventName,
  ReferenceObjectType,
  SnapshotEvent,
  TrackingStoppedReason,
  TransportEventAttributes,
} from '@quayside/domain';
import { EVENT_CATALOG, changeEventKey, milestoneIdentity, rowEventKey, valueChangeIdentity } from '@quayside/domain';

export interface EventRows {
  transportEvents: NewTransportEvent[];
  /** Stored milestones corrected by a new version in `transportEvents`. */
  invalidatedTransportEventIds: string[];
  estimatedEvents: NewEstimatedEvent[];
  events: NewEvent[];
}

export interface EventContext {
  accountId: string;
  shipmentId: string;
  containerIds: ReadonlyMap<string, string>;
  /** Each container's change version before this write (0 for a new one): part of its change events' identity. */
  containerVersions: ReadonlyMap<string, number>;
  shipmentVersion: number;
  /** The stored row of a current milestone, by container number and milestone identity. */
  storedMilestoneId: (containerNumber: string, identity: string) => string | null;
  podLocode: string | null;
  podTimezone: string | null;
  podTerminalId: string | null;
  portIds: ReadonlyMap<string, string>;
  /** Vessel IMO per milestone, which the diff's snapshot does not carry. */
  vesselImo: (containerNumber: string, event: string, locode: string | null, timestamp: string | null) => string | null;
  observedAt: Date;
  newId: () => string;
}

const emptyRows = (): EventRows => ({ transportEvents: [], invalidatedTransportEventIds: [], estimatedEvents: [], events: [] });

function referenceType(name: EventName): ReferenceObjectType {
  const type = EVENT_CATALOG[name].reference_object_type;
  if (type === null) throw new Error(`the tracker never emits ${name}`);
  return type;
}

/** Which source a value change comes from; `pickup_lfd` follows the source that now wins. */
function valueSource(name: string): EventOrigin {
  if (name === 'container.pickup_lfd_line.changed') return 'shipping_line';
  if (name === 'container.pickup_lfd_rail.changed') return 'rail';
  return 'terminal';
}

interface TransportEventFields {
  timestamp: string | null;
  timezone: string | null;
  locode: string | null;
  vesselName: string | null;
  vesselImo: string | null;
  voyage: string | null;
  source: EventOrigin;
  dedupeKey: string;
  leg: number | null;
  previousVersionId: string | null;
  /** The new value of a value change (ISO instant), null otherwise. */
  value?: string | null;
}

/**
 * Turns the domain diff into rows: milestones and value changes become transport events,
 * estimate changes become estimated events, and every diff event becomes one `events` row
 * (in diff order) that points at its object. Every row carries its identity (docs/architecture.md,
 * "Invariants"): a milestone is (event, place, leg); every other change is its object, its
 * event, its new value and the object's change version — never the time it was observed.
 */
export function diffEventRows(diff: readonly SnapshotEvent[], context: EventContext): EventRows {
  const rows = emptyRows();
  const observedIso = context.observedAt.toISOString();
  const containerId = (number: string): string => context.containerIds.get(number) ?? '';
  const version = (number: string): number => context.containerVersions.get(number) ?? 0;
  const event = (
    name: EventName,
    containerNumber: string | null,
    referenceId: string | null,
    payload: Record<string, unknown>,
    occurredAt: Date,
    dedupeKey: string,
    requiresTransportEventId?: string,
  ): void => {
    const id = context.newId();
    rows.events.push({
      id,
      account_id: context.accountId,
      name,
      reference_object_type: referenceType(name),
      // Change events (container.updated, pod terminal) are their own object: the row is the resource.
      reference_object_id: referenceId ?? id,
      shipment_id: context.shipmentId,
      container_id: containerNumber === null ? null : (context.containerIds.get(containerNumber) ?? null),
      tracking_request_id: null,
      payload: containerNumber === null ? payload : { container_number: containerNumber, ...payload },
      occurred_at: occurredAt,
      dedupe_key: dedupeKey,
      ...(requiresTransportEventId === undefined ? {} : { requiresTransportEventId }),
    });
  };
  const transportEvent = (containerNumber: string, name: TransportEventAttributes['event'], fields: TransportEventFields): string => {
    const id = context.newId();
    rows.transportEvents.push({
      id,
      account_id: context.accountId,
      container_id: containerId(containerNumber),
      shipment_id: context.shipmentId,
      event: name,
      timestamp: fields.timestamp === null ? null : new Date(fields.timestamp),
      timezone: fields.timezone,
      location_locode: fields.locode,
      location_id: fields.locode === null ? null : (context.portIds.get(fields.locode) ?? null),
      terminal_id: fields.locode !== null && fields.locode === context.podLocode ? context.podTerminalId : null,
      vessel_name: fields.vesselName,
      vessel_imo: fields.vesselImo,
      voyage_number: fields.voyage,
      data_source: fields.source,
      dedupe_key: fields.dedupeKey,
      leg: fields.leg,
      previous_version_id: fields.previousVersionId,
      value: fields.value ? new Date(fields.value) : null,
    });
    return id;
  };

  for (const change of diff) {
    switch (change.kind) {
      case 'container_created': {
        const id = containerId(change.container_number);
        event(change.name, change.container_number, id, {}, context.observedAt, rowEventKey(id, change.name));
        break;
      }
      case 'milestone': {
        const m = change.milestone;
        const identity = milestoneIdentity(m);
        const superseded = change.supersedes === null ? null : context.storedMilestoneId(change.container_number, identity);
        if (superseded !== null) rows.invalidatedTransportEventIds.push(superseded);
        const imo = context.vesselImo(change.container_number, m.event, m.location_locode, m.timestamp);
        const id = transportEvent(change.container_number, m.event, {
          timestamp: m.timestamp,
          timezone: m.timezone,
          locode: m.location_locode,
          vesselName: m.vessel_name,
          vesselImo: imo,
          voyage: m.voyage_number,
          source: m.data_source,
          dedupeKey: identity,
          leg: m.leg,
          previousVersionId: superseded,
        });
        const payload = {
          event: m.event,
          timestamp: m.timestamp,
          timezone: m.timezone,
          location_locode: m.location_locode,
          vessel_name: m.vessel_name,
          vessel_imo: imo,
          voyage_number: m.voyage_number,
          data_source: m.data_source,
          ...(superseded === null ? {} : { previous_version_id: superseded, previous_timestamp: change.supersedes?.timestamp ?? null }),
        };
        event(
          change.name,
          change.container_number,
          id,
          payload,
          m.timestamp === null ? context.observedAt : new Date(m.timestamp),
          rowEventKey(id, change.name),
          id,
        );
        break;
      }
      case 'container_estimate': {
        const id = context.newId();
        const e = change.estimate;
        rows.estimatedEvents.push({
          id,
          account_id: context.accountId,
          shipment_id: context.shipmentId,
          container_id: context.containerIds.get(change.container_number) ?? null,
          event: e.event,
          estimated_timestamp: new Date(e.estimated_timestamp),
          location_locode: e.location_locode,
          timezone: e.timezone,
          voyage_number: e.voyage_number,
          data_source: e.data_source,
        });
        const key = changeEventKey(
          containerId(change.container_number),
          `${change.name}@${e.location_locode ?? ''}`,
          e.estimated_timestamp,
          version(change.container_number),
        );
        event(
          change.name,
          change.container_number,
          id,
          {
            estimated_timestamp: e.estimated_timestamp,
            previous_estimated_timestamp: change.previous_estimated_timestamp,
            location_locode: e.location_locode,
            timezone: e.timezone,
            voyage_number: e.voyage_number,
          },
          context.observedAt,
          key,
        );
        break;
      }
      case 'shipment_estimate': {
        const id = context.newId();
        rows.estimatedEvents.push({
          id,
          account_id: context.accountId,
          shipment_id: context.shipmentId,
          container_id: null,
          event: change.name,
          estimated_timestamp: new Date(change.estimated_timestamp),
          location_locode: change.location_locode,
          timezone: change.timezone,
          voyage_number: change.voyage_number,
          data_source: 'shipping_line',
        });
        const key = changeEventKey(context.shipmentId, change.name, change.estimated_timestamp, context.shipmentVersion);
        event(
          change.name,
          null,
          id,
          {
            estimated_timestamp: change.estimated_timestamp,
            previous_estimated_timestamp: change.previous_estimated_timestamp,
            location_locode: change.location_locode,
            timezone: change.timezone,
            voyage_number: change.voyage_number,
          },
          context.observedAt,
          key,
        );
        break;
      }
      case 'container_updated': {
        const current = Object.fromEntries(
          Object.entries(change.changeset).map(([attribute, pair]) => [attribute, (pair as unknown[])[1]]),
        );
        const key = changeEventKey(containerId(change.container_number), change.name, current, version(change.container_number));
        event(
          change.name,
          change.container_number,
          null,
          {
            changeset: change.changeset,
            timestamp: observedIso,
            timezone: context.podTimezone,
            data_source: 'terminal',
            terminal_id: context.podTerminalId,
          },
          context.observedAt,
          key,
        );
        break;
      }
      case 'pod_terminal_changed': {
        const key = changeEventKey(containerId(change.container_number), change.name, change.terminal_id, version(change.container_number));
        event(
          change.name,
          change.container_number,
          null,
          { previous_terminal_id: change.previous_terminal_id, terminal_id: change.terminal_id, timestamp: observedIso },
          context.observedAt,
          key,
        );
        break;
      }
      case 'value_changed':
      case 'availability': {
        const value = change.kind === 'value_changed' ? change.current : change.name;
        const id = transportEvent(change.container_number, change.name, {
          timestamp: observedIso,
          timezone: context.podTimezone,
          locode: context.podLocode,
          vesselName: null,
          vesselImo: null,
          voyage: null,
          source: change.kind === 'availability' ? 'terminal' : valueSource(change.name),
          dedupeKey: valueChangeIdentity(change.name, context.podLocode, value, version(change.container_number)),
          leg: null,
          previousVersionId: null,
          value: change.kind === 'value_changed' ? change.current : null,
        });
        const payload = change.kind === 'value_changed' ? { previous: change.previous, current: change.current } : {};
        event(change.name, change.container_number, id, payload, context.observedAt, rowEventKey(id, change.name), id);
        break;
      }
    }
  }
  return rows;
}

/**
 * A `tracking_request.*` event row; its object is the tracking request. A request reaches each
 * of its states once, except `tracking_stopped` (stop, resume, stop again), which is keyed by
 * the stop it reports.
 */
export function trackingRequestEventRow(
  newId: () => string,
  request: {
    id: string;
    account_id: string;
    status: string;
    failed_reason: string | null;
    request_number: string;
    request_type: string;
    scac: string;
  },
  name: Extract<EventName, `tracking_request.${string}`>,
  shipmentId: string | null,
  occurredAt: Date,
  extra: { stopped_reason?: TrackingStoppedReason; stopped_at?: Date } = {},
): NewEvent {
  const { stopped_at: stoppedAt, ...payloadExtra } = extra;
  return {
    id: newId(),
    account_id: request.account_id,
    name,
    reference_object_type: 'tracking_request',
    reference_object_id: request.id,
    shipment_id: shipmentId,
    container_id: null,
    tracking_request_id: request.id,
    payload: {
      status: request.status,
      failed_reason: request.failed_reason,
      request_number: request.request_number,
      request_type: request.request_type,
      scac: request.scac,
      ...payloadExtra,
    },
    occurred_at: occurredAt,
    dedupe_key: stoppedAt === undefined ? rowEventKey(request.id, name) : changeEventKey(request.id, name, stoppedAt.toISOString(), 0),
  };
}
