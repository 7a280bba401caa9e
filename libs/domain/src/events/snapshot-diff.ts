import type { MilestoneEventName } from '../enums/event-name.enum';
import { ESTIMATED_EVENT_NAMES } from '../enums/event-name.enum';
import type { Id, UtcTimestamp } from '../resources/common';
import type { ImportDeadlines } from '../resources/terminal-data';
import { coalescePickupLfd } from '../terminal/last-free-day.rules';
import type { ContainerChangeset } from './changeset';
import { canonicalFees, canonicalHolds, compareText, sameFees, sameHolds, sameInstant } from './changeset';
import type { LeggedMilestone } from './milestone-identity';
import { assignMilestoneLegs, compareInstants, isCorrection, milestoneIdentity } from './milestone-identity';
import type {
  ContainerEstimatedEventName,
  ContainerSnapshot,
  EstimateSnapshot,
  ShipmentSnapshot,
  StoredContainerSnapshot,
  StoredShipmentSnapshot,
} from './snapshot.types';

export type LastFreeDayEventName =
  | 'container.pickup_lfd.changed'
  | 'container.pickup_lfd_line.changed'
  | 'container.pickup_lfd_terminal.changed'
  | 'container.pickup_lfd_rail.changed';

/** One event the diff says should fire, with what its notification needs. */
export type SnapshotEvent =
  | { kind: 'container_created'; name: 'container.created'; container_number: string }
  | {
      kind: 'milestone';
      name: MilestoneEventName;
      container_number: string;
      milestone: LeggedMilestone;
      /** The stored version this one corrects (same event, place and leg, another time); null for a new milestone. */
      supersedes: LeggedMilestone | null;
    }
  | {
      kind: 'container_estimate';
      name: ContainerEstimatedEventName;
      container_number: string;
      estimate: EstimateSnapshot;
      previous_estimated_timestamp: UtcTimestamp | null;
    }
  | {
      kind: 'shipment_estimate';
      name: 'shipment.estimated.arrival';
      container_number: null;
      estimated_timestamp: UtcTimestamp;
      previous_estimated_timestamp: UtcTimestamp | null;
      location_locode: string | null;
      timezone: string | null;
      voyage_number: string | null;
    }
  | { kind: 'container_updated'; name: 'container.updated'; container_number: string; changeset: ContainerChangeset }
  | {
      kind: 'pod_terminal_changed';
      name: 'container.pod_terminal_changed';
      container_number: string;
      previous_terminal_id: Id | null;
      terminal_id: Id;
    }
  | {
      kind: 'value_changed';
      name: LastFreeDayEventName | 'container.pickup_appointment.changed';
      container_number: string;
      previous: UtcTimestamp | null;
      current: UtcTimestamp | null;
    }
  | { kind: 'availability'; name: 'container.transport.available' | 'container.transport.not_available'; container_number: string };

const LFD_SOURCE_EVENTS: ReadonlyArray<[keyof ImportDeadlines, LastFreeDayEventName]> = [
  ['pickup_lfd_line', 'container.pickup_lfd_line.changed'],
  ['pickup_lfd_terminal', 'container.pickup_lfd_terminal.changed'],
  ['pickup_lfd_rail', 'container.pickup_lfd_rail.changed'],
];

/**
 * The events that fire between two snapshots of one shipment. Nothing fires when nothing
 * changed, and the input order of containers, milestones, estimates, holds and fees does not
 * matter. The order of the result is fixed:
 *
 * 1. `shipment.estimated.arrival`, when `pod_eta_at` changed to a value (not on a first snapshot);
 * 2. then per container, by container number (byte order), the events of `diffContainerSnapshots`.
 *
 * A container missing from `next` fires nothing (it is not deleted by absence).
 */
export function diffShipmentSnapshots(previous: StoredShipmentSnapshot | null, next: ShipmentSnapshot): SnapshotEvent[] {
  const events: SnapshotEvent[] = [];
  if (previous !== null && next.pod_eta_at !== null && !sameInstant(previous.pod_eta_at, next.pod_eta_at)) {
    events.push({
      kind: 'shipment_estimate',
      name: 'shipment.estimated.arrival',
      container_number: null,
      estimated_timestamp: next.pod_eta_at,
      previous_estimated_timestamp: previous.pod_eta_at,
      location_locode: next.port_of_discharge_locode,
      timezone: next.pod_timezone,
      voyage_number: next.pod_voyage_number,
    });
  }
  const before = new Map((previous?.containers ?? []).map((container) => [container.number, container]));
  const containers = [...next.containers].sort((a, b) => compareText(a.number, b.number));
  for (const container of containers) events.push(...diffContainerSnapshots(before.get(container.number) ?? null, container));
  return events;
}

/**
 * The events of one container, in this order:
 *
 * 1. `container.created` when there was no previous snapshot of it;
 * 2. milestones not stored before, and stored ones whose time the source corrected, by timestamp
 *    (unknown last), then milestone order, then place;
 * 3. estimates whose time changed or that are new, in estimated-event order, then place;
 * 4. `container.pod_terminal_changed`, when it now has a different terminal;
 * 5. `container.updated` with the changeset of every changed attribute;
 * 6. `container.pickup_lfd.changed`, then the line, terminal and rail last free day events;
 * 7. `container.pickup_appointment.changed`;
 * 8. `container.transport.available` (availability became true) or `.not_available` (true became false).
 *
 * A new container fires only 1 and 2: its other values are its initial state, sent with the
 * container itself, not changes. A milestone is the same milestone when event, place and leg
 * match (see `assignMilestoneLegs`), whatever its time: a second source reporting it, or a
 * re-ordered list, fires nothing; a new time for it is a correction of the stored version.
 */
export function diffContainerSnapshots(previous: StoredContainerSnapshot | null, next: ContainerSnapshot): SnapshotEvent[] {
  const number = next.number;
  const events: SnapshotEvent[] = [];
  if (previous === null) events.push({ kind: 'container_created', name: 'container.created', container_number: number });

  const stored = previous?.milestones ?? [];
  const byIdentity = new Map(stored.map((milestone) => [milestoneIdentity(milestone), milestone]));
  for (const milestone of assignMilestoneLegs(stored, next.milestones)) {
    const before = byIdentity.get(milestoneIdentity(milestone)) ?? null;
    if (before !== null && !isCorrection(before, milestone)) continue;
    events.push({ kind: 'milestone', name: milestone.event, container_number: number, milestone, supersedes: before });
  }
  if (previous === null) return events;

  const earlier = new Map(uniqueEstimates(previous.estimates).map((estimate) => [estimateKey(estimate), estimate]));
  for (const estimate of uniqueEstimates(next.estimates)) {
    const before = earlier.get(estimateKey(estimate));
    if (before !== undefined && sameInstant(before.estimated_timestamp, estimate.estimated_timestamp)) continue;
    events.push({
      kind: 'container_estimate',
      name: estimate.event,
      container_number: number,
      estimate,
      previous_estimated_timestamp: before?.estimated_timestamp ?? null,
    });
  }

  if (next.pod_terminal_id !== null && next.pod_terminal_id !== previous.pod_terminal_id) {
    events.push({
      kind: 'pod_terminal_changed',
      name: 'container.pod_terminal_changed',
      container_number: number,
      previous_terminal_id: previous.pod_terminal_id,
      terminal_id: next.pod_terminal_id,
    });
  }

  const changeset = containerChangeset(previous, next);
  if (Object.keys(changeset).length > 0)
    events.push({ kind: 'container_updated', name: 'container.updated', container_number: number, changeset });

  if (changeset.pickup_lfd !== undefined) {
    const [old, current] = changeset.pickup_lfd;
    events.push({ kind: 'value_changed', name: 'container.pickup_lfd.changed', container_number: number, previous: old, current });
  }
  for (const [source, name] of LFD_SOURCE_EVENTS) {
    const change = changeset[source];
    if (change !== undefined)
      events.push({ kind: 'value_changed', name, container_number: number, previous: change[0], current: change[1] });
  }
  if (changeset.pickup_appointment_at !== undefined) {
    const [old, current] = changeset.pickup_appointment_at;
    events.push({ kind: 'value_changed', name: 'container.pickup_appointment.changed', container_number: number, previous: old, current });
  }
  if (next.available_for_pickup === true && previous.available_for_pickup !== true) {
    events.push({ kind: 'availability', name: 'container.transport.available', container_number: number });
  } else if (next.available_for_pickup === false && previous.available_for_pickup === true) {
    events.push({ kind: 'availability', name: 'container.transport.not_available', container_number: number });
  }
  return events;
}

/** Every changed operational attribute as `[old, new]`; an unchanged one is absent. */
export function containerChangeset(previous: ContainerSnapshot, next: ContainerSnapshot): ContainerChangeset {
  const changeset: ContainerChangeset = {};
  if (previous.available_for_pickup !== next.available_for_pickup)
    changeset.available_for_pickup = [previous.available_for_pickup, next.available_for_pickup];
  const lfdBefore = coalescePickupLfd(previous.import_deadlines);
  const lfdAfter = coalescePickupLfd(next.import_deadlines);
  if (!sameInstant(lfdBefore, lfdAfter)) changeset.pickup_lfd = [lfdBefore, lfdAfter];
  for (const [source] of LFD_SOURCE_EVENTS) {
    const old = previous.import_deadlines[source];
    const current = next.import_deadlines[source];
    if (!sameInstant(old, current)) changeset[source] = [old, current];
  }
  if (!sameFees(previous.fees_at_pod_terminal, next.fees_at_pod_terminal)) {
    changeset.fees_at_pod_terminal = [canonicalFees(previous.fees_at_pod_terminal), canonicalFees(next.fees_at_pod_terminal)];
  }
  if (!sameHolds(previous.holds_at_pod_terminal, next.holds_at_pod_terminal)) {
    changeset.holds_at_pod_terminal = [canonicalHolds(previous.holds_at_pod_terminal), canonicalHolds(next.holds_at_pod_terminal)];
  }
  if (!sameInstant(previous.pickup_appointment_at, next.pickup_appointment_at)) {
    changeset.pickup_appointment_at = [previous.pickup_appointment_at, next.pickup_appointment_at];
  }
  if (previous.pod_terminal_id !== next.pod_terminal_id) changeset.pod_terminal = [previous.pod_terminal_id, next.pod_terminal_id];
  return changeset;
}

function estimateKey(estimate: EstimateSnapshot): string {
  return `${estimate.event}|${estimate.location_locode ?? ''}`;
}

function uniqueEstimates(estimates: readonly EstimateSnapshot[]): EstimateSnapshot[] {
  const sorted = [...estimates].sort(compareEstimates);
  const kept = new Map<string, EstimateSnapshot>();
  for (const estimate of sorted) if (!kept.has(estimateKey(estimate))) kept.set(estimateKey(estimate), estimate);
  return [...kept.values()];
}

// Total order over every field, so that which duplicate wins never depends on input order.
function compareEstimates(a: EstimateSnapshot, b: EstimateSnapshot): number {
  return (
    ESTIMATED_EVENT_NAMES.indexOf(a.event) - ESTIMATED_EVENT_NAMES.indexOf(b.event) ||
    compareText(a.location_locode, b.location_locode) ||
    compareText(a.data_source, b.data_source) ||
    compareInstants(a.estimated_timestamp, b.estimated_timestamp) ||
    compareText(a.estimated_timestamp, b.estimated_timestamp) ||
    compareText(a.voyage_number, b.voyage_number) ||
    compareText(a.timezone, b.timezone)
  );
}
