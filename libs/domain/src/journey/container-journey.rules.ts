import type { ContainerStatus } from '../resources/container';
import type { UtcTimestamp } from '../resources/common';
import type { Fee, Hold } from '../resources/terminal-data';
import { feeTotalsByCurrency } from '../terminal/holds-and-fees.rules';
import type { Instant, JourneyFacts } from './journey-facts';
import { calendarDaysUntil } from './local-calendar';

/**
 * Where a container is in its journey, from empty out to empty returned, in journey order.
 * `at_port` and `at_inland_destination` are the two places where it waits: it can be available,
 * held and picked up there.
 */
export const JOURNEY_PHASES = [
  'not_started',
  'at_origin',
  'on_water',
  'at_port',
  'on_rail',
  'at_inland_destination',
  'picked_up',
  'delivered',
  'empty_returned',
] as const;
export type JourneyPhase = (typeof JOURNEY_PHASES)[number];

/** The places where a container waits for pickup: the port of discharge's terminal, or the inland destination's facility (rail ramp). */
export const JOURNEY_PLACES = ['port_of_discharge', 'inland_destination'] as const;
export type JourneyPlace = (typeof JOURNEY_PLACES)[number];

export const LAST_FREE_DAY_SOURCES = ['line', 'terminal', 'rail'] as const;
export type LastFreeDaySource = (typeof LAST_FREE_DAY_SOURCES)[number];

/** Why a waiting container is at risk of demurrage (the words are in the domain's wording table). */
export const RISK_REASONS = ['last_free_day_passed', 'last_free_day_today', 'last_free_day_soon', 'holds'] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/**
 * Pickup in one word, as a person asks it: not arrived yet where it is to wait; waiting there and
 * ready, on hold, not available or not reported; picked up; returned empty.
 */
export const PICKUP_STATUSES = ['not_arrived', 'ready', 'on_hold', 'not_available', 'not_reported', 'picked_up', 'returned'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/** The horizon of `at_risk` when none is asked for: a last free day within 3 days (the MCP tool's default too). */
export const DEFAULT_RISK_DAYS = 3;

/** The one answer to "where is this container, can it be picked up, is it at risk, is it done" (docs/containers.md, "Journey"). */
export interface Journey {
  phase: JourneyPhase;
  /**
   * The place the pickup facts below refer to: the port of discharge until the container leaves
   * it by rail, then the inland destination; after pickup, the place it was picked up at.
   */
  place: JourneyPlace;
  /** Where it waits now (`at_port`, `at_inland_destination`); null while it moves, before arrival and after pickup. */
  waiting_at: JourneyPlace | null;
  /** Where it is (or was) picked up full: the inland destination when a rail leg takes it there, else the port of discharge. */
  pickup_at: JourneyPlace;
  /** When it left full (at the port of discharge, or at the inland destination), when reported. */
  picked_up_at: UtcTimestamp | null;
  /** Empty returned: nothing more will happen to it in this journey. */
  done: boolean;
  /** Whether the place where it waits says it may be picked up; null when it does not wait or the place does not say. */
  available_for_pickup: boolean | null;
  /** Available where it waits and no hold there (a `pending` hold blocks too); false whenever it does not wait. */
  ready_for_pickup: boolean;
  /** The above in one value (`pickupStatusOf`). */
  pickup_status: PickupStatus;
  /** Active holds at `place`; null when that place's source does not report holds (never "no holds"). */
  holds: Hold[] | null;
  fees: Fee[] | null;
  /** `fees` summed per currency without `total` entries; null with `fees`. */
  fees_total_by_currency: Record<string, number> | null;
  /** The last free day at `place`: the port's (line, else terminal) or the inland destination's (rail). */
  last_free_day: UtcTimestamp | null;
  last_free_day_source: LastFreeDaySource | null;
  /** Calendar days until the last free day where it waits (0 on the day, negative once passed); null unless it waits with one known. */
  days_left: number | null;
  /** Waiting, and a reason below within `DEFAULT_RISK_DAYS` (or the horizon asked for). Never while it moves or once picked up. */
  at_risk: boolean;
  risk_reasons: RiskReason[];
}

const set = (value: Instant | null | undefined): value is Instant => value !== null && value !== undefined;
const iso = (value: Instant | null): UtcTimestamp | null =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString();
const asDate = (value: Instant): Date => (typeof value === 'string' ? new Date(value) : value);

/** Statuses that place the container at the port of discharge (`off_dock`: an off-dock yard of the port). */
const AT_PORT_STATUSES: ReadonlySet<ContainerStatus> = new Set([
  'available',
  'not_available',
  'grounded',
  'awaiting_inland_transfer',
  'off_dock',
]);

/** The furthest point the facts reach: each phase is implied by any of its facts, and a later fact wins over an earlier one. */
function phaseOf(f: JourneyFacts): JourneyPhase {
  const status = f.current_status;
  if (set(f.empty_terminated_at) || status === 'empty_returned') return 'empty_returned';
  if (set(f.delivered_at) || status === 'delivered' || status === 'dropped') return 'delivered';
  if (set(f.pod_full_out_at) || set(f.final_destination_full_out_at) || status === 'picked_up') return 'picked_up';
  if (set(f.ind_ata_at) || set(f.ind_rail_unloaded_at)) return 'at_inland_destination';
  if (set(f.pod_rail_loaded_at) || set(f.pod_rail_departed_at) || status === 'on_rail') return 'on_rail';
  if (set(f.pod_discharged_at) || (status !== null && AT_PORT_STATUSES.has(status))) return 'at_port';
  if (set(f.pol_vessel_loaded_at) || set(f.pol_vessel_departed_at) || set(f.pod_arrived_at) || status === 'on_ship') return 'on_water';
  if (set(f.empty_out_at) || set(f.pol_full_in_at)) return 'at_origin';
  return 'not_started';
}

/** Whether the journey goes on by rail to an inland destination after the port of discharge. */
function hasInlandLeg(f: JourneyFacts): boolean {
  return (
    f.pod_rail_carrier_scac !== null ||
    f.ind_rail_carrier_scac !== null ||
    f.current_status === 'awaiting_inland_transfer' ||
    f.current_status === 'on_rail' ||
    [f.pod_rail_loaded_at, f.pod_rail_departed_at, f.ind_ata_at, f.ind_rail_unloaded_at, f.final_destination_full_out_at].some(set)
  );
}

function pickupPlace(f: JourneyFacts): JourneyPlace {
  if (set(f.final_destination_full_out_at)) return 'inland_destination';
  if (set(f.pod_full_out_at)) return 'port_of_discharge';
  return hasInlandLeg(f) ? 'inland_destination' : 'port_of_discharge';
}

function placeOf(phase: JourneyPhase, pickupAt: JourneyPlace): JourneyPlace {
  switch (phase) {
    case 'not_started':
    case 'at_origin':
    case 'on_water':
    case 'at_port':
      return 'port_of_discharge';
    case 'on_rail':
    case 'at_inland_destination':
      return 'inland_destination';
    case 'picked_up':
    case 'delivered':
    case 'empty_returned':
      return pickupAt;
  }
}

/**
 * The last free day at a place. At the port: the line's, else the terminal's (the documented
 * priority of `pickup_lfd`, without the rail date, which belongs to the inland destination). At the
 * inland destination: the rail carrier's only; a port date says nothing about the ramp.
 */
function lastFreeDayAt(place: JourneyPlace, f: JourneyFacts): { day: Instant; source: LastFreeDaySource } | null {
  const { pickup_lfd_line: line, pickup_lfd_terminal: terminal, pickup_lfd_rail: rail } = f.import_deadlines;
  if (place === 'port_of_discharge') {
    if (set(line)) return { day: line, source: 'line' };
    if (set(terminal)) return { day: terminal, source: 'terminal' };
    return null;
  }
  const railDay = rail ?? f.ind_facility_lfd_on;
  return set(railDay) ? { day: railDay, source: 'rail' } : null;
}

/** Pickup in one value: the phase, then readiness, holds and availability where it waits. */
export function pickupStatusOf(
  journey: Pick<Journey, 'phase' | 'waiting_at' | 'ready_for_pickup' | 'holds' | 'available_for_pickup'>,
): PickupStatus {
  if (journey.phase === 'empty_returned') return 'returned';
  if (journey.phase === 'picked_up' || journey.phase === 'delivered') return 'picked_up';
  if (journey.waiting_at === null) return 'not_arrived';
  if (journey.ready_for_pickup) return 'ready';
  if (journey.holds !== null && journey.holds.length > 0) return 'on_hold';
  return journey.available_for_pickup === false ? 'not_available' : 'not_reported';
}

/**
 * Why a journey is at risk within `withinDays`: only while it waits, for a last free day there
 * that has passed, is today or comes within the horizon, and for holds there. A container that
 * moves, or has been picked up or returned, is never at risk.
 */
export function riskReasons(journey: Pick<Journey, 'waiting_at' | 'days_left' | 'holds'>, withinDays: number): RiskReason[] {
  if (journey.waiting_at === null) return [];
  const reasons: RiskReason[] = [];
  const days = journey.days_left;
  if (days !== null && days < 0) reasons.push('last_free_day_passed');
  else if (days === 0) reasons.push('last_free_day_today');
  else if (days !== null && days <= withinDays) reasons.push('last_free_day_soon');
  if (journey.holds !== null && journey.holds.length > 0) reasons.push('holds');
  return reasons;
}

/**
 * The journey of one container as of `now`: its phase, the place it waits at, availability and
 * release readiness there, the last free day there with the days left, demurrage risk within
 * `riskWithinDays`, and whether it is done. Pure: the same facts and instant give the same answer
 * in the api, webhook payloads, the MCP server, the widget, the console and the tracker.
 */
export function journeyOf(facts: JourneyFacts, now: Date, riskWithinDays: number = DEFAULT_RISK_DAYS): Journey {
  const phase = phaseOf(facts);
  const pickupAt = pickupPlace(facts);
  const place = placeOf(phase, pickupAt);
  const waitingAt = phase === 'at_port' || phase === 'at_inland_destination' ? place : null;
  const atPort = place === 'port_of_discharge';
  const holds = atPort ? [...facts.holds_at_pod_terminal] : facts.ind_facility_holds === null ? null : [...facts.ind_facility_holds];
  const fees = atPort ? [...facts.fees_at_pod_terminal] : facts.ind_facility_fees === null ? null : [...facts.ind_facility_fees];
  // No inland source reports availability yet: at the inland destination it stays unknown rather
  // than borrowing the port terminal's flag, which is about a place the container has left.
  const available = waitingAt === 'port_of_discharge' ? facts.available_for_pickup : null;
  const lastFreeDay = lastFreeDayAt(place, facts);
  const zone = atPort ? facts.pod_timezone : facts.final_destination_timezone;
  const daysLeft = waitingAt !== null && lastFreeDay !== null ? calendarDaysUntil(asDate(lastFreeDay.day), now, zone) : null;
  const journey: Journey = {
    phase,
    place,
    waiting_at: waitingAt,
    pickup_at: pickupAt,
    picked_up_at: iso(facts.final_destination_full_out_at ?? facts.pod_full_out_at),
    done: phase === 'empty_returned',
    available_for_pickup: available,
    ready_for_pickup: available === true && holds !== null && holds.length === 0,
    pickup_status: 'not_arrived',
    holds,
    fees,
    fees_total_by_currency: fees === null ? null : feeTotalsByCurrency(fees),
    last_free_day: lastFreeDay === null ? null : iso(lastFreeDay.day),
    last_free_day_source: lastFreeDay?.source ?? null,
    days_left: daysLeft,
    at_risk: false,
    risk_reasons: [],
  };
  journey.pickup_status = pickupStatusOf(journey);
  journey.risk_reasons = riskReasons(journey, riskWithinDays);
  journey.at_risk = journey.risk_reasons.length > 0;
  return journey;
}
