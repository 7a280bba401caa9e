import { MILESTONE_EVENT_NAMES } from '../enums/event-name.enum';
import type { UtcTimestamp } from '../resources/common';
import { compareText, instantKey } from './changeset';
import type { MilestoneSnapshot } from './snapshot.types';

/**
 * A milestone as it is stored: its identity is (event, place, leg), never its time, so a
 * source that corrects the time of a milestone corrects it instead of adding a second one
 * (docs/architecture.md, "Invariants").
 */
export type LeggedMilestone = MilestoneSnapshot & { leg: number };

/**
 * What a milestone is, whatever its timestamp: its event, its place and its leg. The leg tells
 * apart two real occurrences of one event at one place (a container rolled from one vessel
 * call to the next is loaded twice at its port of loading): 0 for the first, 1 for the next.
 */
export function milestoneIdentity(milestone: { event: string; location_locode: string | null; leg: number }): string {
  return `${milestone.event}|${milestone.location_locode ?? ''}|${milestone.leg}`;
}

const placeKey = (milestone: MilestoneSnapshot): string => `${milestone.event}|${milestone.location_locode ?? ''}`;

/** Earlier first; an unknown or unparseable time sorts last. */
export function compareInstants(a: UtcTimestamp | null, b: UtcTimestamp | null): number {
  const left = a === null ? Number.NaN : Date.parse(a);
  const right = b === null ? Number.NaN : Date.parse(b);
  const leftKnown = Number.isFinite(left);
  const rightKnown = Number.isFinite(right);
  if (leftKnown && rightKnown) return left - right;
  if (leftKnown !== rightKnown) return leftKnown ? -1 : 1;
  return 0;
}

/** A total order over every field, so which report of a milestone wins never depends on input order. */
export function compareMilestones(a: MilestoneSnapshot, b: MilestoneSnapshot): number {
  return (
    compareInstants(a.timestamp, b.timestamp) ||
    MILESTONE_EVENT_NAMES.indexOf(a.event) - MILESTONE_EVENT_NAMES.indexOf(b.event) ||
    compareText(a.location_locode, b.location_locode) ||
    compareText(a.timestamp, b.timestamp) ||
    compareText(a.data_source, b.data_source) ||
    compareText(a.vessel_name, b.vessel_name) ||
    compareText(a.voyage_number, b.voyage_number) ||
    compareText(a.timezone, b.timezone)
  );
}

interface Occurrence {
  voyage: string | null;
  /** Every report of this occurrence, in `compareMilestones` order; the first one stands for it. */
  reports: MilestoneSnapshot[];
}

const distance = (a: UtcTimestamp | null, b: UtcTimestamp | null): number => {
  const left = a === null ? Number.NaN : Date.parse(a);
  const right = b === null ? Number.NaN : Date.parse(b);
  return Number.isFinite(left) && Number.isFinite(right) ? Math.abs(left - right) : Number.POSITIVE_INFINITY;
};

/**
 * Groups the reports of one (event, place) into occurrences: reports naming different voyages
 * are different vessel calls; a report without a voyage (a terminal, say) belongs to the call
 * nearest in time, or is the only call when none names a voyage.
 */
function occurrencesOf(reports: readonly MilestoneSnapshot[]): Occurrence[] {
  const sorted = [...reports].sort(compareMilestones);
  const occurrences: Occurrence[] = [];
  const withoutVoyage: MilestoneSnapshot[] = [];
  for (const report of sorted) {
    if (report.voyage_number === null) {
      withoutVoyage.push(report);
      continue;
    }
    const same = occurrences.find((o) => o.voyage === report.voyage_number);
    if (same) same.reports.push(report);
    else occurrences.push({ voyage: report.voyage_number, reports: [report] });
  }
  for (const report of withoutVoyage) {
    let nearest = occurrences[0];
    for (const occurrence of occurrences) {
      if (
        nearest &&
        distance(occurrence.reports[0]!.timestamp, report.timestamp) < distance(nearest.reports[0]!.timestamp, report.timestamp)
      )
        nearest = occurrence;
    }
    if (nearest) nearest.reports.push(report);
    else occurrences.push({ voyage: null, reports: [report] });
  }
  for (const occurrence of occurrences) occurrence.reports.sort(compareMilestones);
  return occurrences.sort((a, b) => compareMilestones(a.reports[0]!, b.reports[0]!));
}

function groupByPlace<T extends MilestoneSnapshot>(milestones: readonly T[]): Map<string, T[]> {
  const byPlace = new Map<string, T[]>();
  for (const milestone of milestones) {
    const key = placeKey(milestone);
    const group = byPlace.get(key);
    if (group === undefined) byPlace.set(key, [milestone]);
    else group.push(milestone);
  }
  return byPlace;
}

/**
 * The milestone with its leg, as one literal: V8 (Node 20) gives `{ ...milestone, leg }` a new
 * hidden class per call, and this runs for every milestone of every refresh.
 */
function withLeg(milestone: MilestoneSnapshot, leg: number): LeggedMilestone {
  return {
    event: milestone.event,
    timestamp: milestone.timestamp,
    timezone: milestone.timezone,
    location_locode: milestone.location_locode,
    vessel_name: milestone.vessel_name,
    voyage_number: milestone.voyage_number,
    data_source: milestone.data_source,
    leg,
  };
}

/**
 * Gives each milestone a source reports its leg, matching it to the milestones already stored
 * for the same event and place: first by voyage, then the remaining ones in time order; what
 * is left over is a new occurrence with the next leg. Reports of one occurrence from several
 * sources come out as one milestone (the first in `compareMilestones` order).
 */
export function assignMilestoneLegs(stored: readonly LeggedMilestone[], incoming: readonly MilestoneSnapshot[]): LeggedMilestone[] {
  const storedByPlace = groupByPlace(stored);
  const incomingByPlace = groupByPlace(incoming);

  const result: LeggedMilestone[] = [];
  for (const [place, reports] of incomingByPlace) {
    const occurrences = occurrencesOf(reports);
    const legs = [...(storedByPlace.get(place) ?? [])].sort((a, b) => a.leg - b.leg);
    const free = new Set(legs.map((leg) => leg.leg));
    const assigned = new Map<Occurrence, number>();
    for (const occurrence of occurrences) {
      const byVoyage =
        occurrence.voyage === null ? undefined : legs.find((leg) => free.has(leg.leg) && leg.voyage_number === occurrence.voyage);
      if (byVoyage) {
        assigned.set(occurrence, byVoyage.leg);
        free.delete(byVoyage.leg);
      }
    }
    for (const occurrence of occurrences) {
      if (assigned.has(occurrence)) continue;
      const next = legs.find((leg) => free.has(leg.leg));
      if (next) {
        assigned.set(occurrence, next.leg);
        free.delete(next.leg);
      }
    }
    let nextLeg = legs.reduce((max, leg) => Math.max(max, leg.leg + 1), 0);
    for (const occurrence of occurrences) {
      const leg = assigned.get(occurrence) ?? nextLeg++;
      result.push(withLeg(occurrence.reports[0]!, leg));
    }
  }
  return result.sort((a, b) => compareMilestones(a, b) || a.leg - b.leg);
}

/** The stored version of a milestone that `next` corrects, when its time differs; same time is the same fact. */
export function isCorrection(stored: LeggedMilestone, next: LeggedMilestone): boolean {
  return instantKey(stored.timestamp) !== instantKey(next.timestamp);
}
