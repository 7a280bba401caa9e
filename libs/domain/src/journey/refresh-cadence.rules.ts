import type { Journey } from './container-journey.rules';

/**
 * How urgently a physical shipment should be asked about again, most urgent first
 * (docs/tracking-requests.md, "Refresh cadence"): where a user decides something (a last free
 * day near, a container waiting for pickup, an arrival within 48 hours) it is asked often;
 * mid-ocean, rarely. A shipment takes the most urgent phase of its containers.
 */
export const REFRESH_PHASES = [
  /** A container waits where its last free day is within `LAST_FREE_DAY_NEAR_DAYS` (or passed). */
  'last_free_day_near',
  /** A container waits for pickup: discharged at the port, or at the inland destination. */
  'waiting_for_pickup',
  /** The vessel arrives at the port of discharge within `ARRIVING_WITHIN_MS` (or is overdue). */
  'arriving',
  /** A container on rail arrives at the inland destination within `ARRIVING_WITHIN_MS` (or is overdue). */
  'rail_arriving',
  'on_rail',
  /** Booked, or at the origin, not yet loaded. */
  'before_departure',
  /** Nothing known of the containers yet: `REFRESH_INTERVAL_SECONDS`. */
  'unknown',
  /** Picked up: only the empty return is left. */
  'after_pickup',
  'on_water',
] as const;
export type RefreshPhase = (typeof REFRESH_PHASES)[number];

/** Seconds between two refreshes, per phase (before jitter). */
export type RefreshCadence = Readonly<Record<RefreshPhase, number>>;

const HOUR = 3600;

/** The default table; `unknown` is `REFRESH_INTERVAL_SECONDS` (3 h) unless configured otherwise. */
export const DEFAULT_REFRESH_CADENCE: RefreshCadence = {
  last_free_day_near: 1 * HOUR,
  waiting_for_pickup: 2 * HOUR,
  arriving: 2 * HOUR,
  rail_arriving: 2 * HOUR,
  on_rail: 6 * HOUR,
  before_departure: 6 * HOUR,
  unknown: 3 * HOUR,
  after_pickup: 12 * HOUR,
  on_water: 12 * HOUR,
};

/** A last free day this many calendar days away (or fewer, or passed) makes a waiting container urgent. */
export const LAST_FREE_DAY_NEAR_DAYS = 3;
/** An arrival this close (or overdue) makes a moving shipment urgent. */
export const ARRIVING_WITHIN_MS = 48 * HOUR * 1000;

export interface CadenceFacts {
  /** The journey of each container followed, as of `now` (`journeyOf`). */
  journeys: ReadonlyArray<Pick<Journey, 'phase' | 'waiting_at' | 'days_left'>>;
  /** Estimated arrival at the port of discharge, when known. */
  podEtaAt: Date | null;
  /** Estimated arrival at the inland destination, when known. */
  destinationEtaAt: Date | null;
}

const within = (eta: Date | null, now: Date, ms: number): boolean => eta !== null && eta.getTime() - now.getTime() <= ms;

function containerPhase(journey: CadenceFacts['journeys'][number], facts: CadenceFacts, now: Date, dayMs: number): RefreshPhase {
  if (journey.waiting_at !== null) {
    return journey.days_left !== null && journey.days_left <= LAST_FREE_DAY_NEAR_DAYS ? 'last_free_day_near' : 'waiting_for_pickup';
  }
  const arriving = ARRIVING_WITHIN_MS * (dayMs / 86_400_000);
  switch (journey.phase) {
    case 'not_started':
    case 'at_origin':
      return 'before_departure';
    case 'on_water':
      return within(facts.podEtaAt, now, arriving) ? 'arriving' : 'on_water';
    case 'on_rail':
      return within(facts.destinationEtaAt, now, arriving) ? 'rail_arriving' : 'on_rail';
    case 'at_port':
    case 'at_inland_destination':
      // Not reached: a container in these phases waits (`waiting_at` is set).
      return 'waiting_for_pickup';
    case 'picked_up':
    case 'delivered':
    case 'empty_returned':
      return 'after_pickup';
  }
}

/**
 * The phase a shipment is refreshed by: the most urgent of its containers'. `dayMs` is the length
 * of a day on the shipment's clock (shorter for a compressed sandbox), for the 48-hour horizon.
 */
export function refreshPhaseOf(facts: CadenceFacts, now: Date, dayMs = 86_400_000): RefreshPhase {
  let best: RefreshPhase = 'unknown';
  let rank = REFRESH_PHASES.indexOf(best);
  for (const journey of facts.journeys) {
    const phase = containerPhase(journey, facts, now, dayMs);
    const phaseRank = REFRESH_PHASES.indexOf(phase);
    if (phaseRank < rank || best === 'unknown') {
      best = phase;
      rank = phaseRank;
    }
  }
  return best;
}

/**
 * Milliseconds until the next refresh: the phase's interval moved by a random share of at most
 * ±`jitterRatio` of it, so shipments that entered a phase together drift apart.
 */
export function refreshDelayMs(
  phase: RefreshPhase,
  cadence: RefreshCadence,
  jitterRatio: number,
  random: () => number = Math.random,
): number {
  const interval = cadence[phase] * 1000;
  return Math.round(interval + interval * jitterRatio * (2 * random() - 1));
}

/**
 * A cadence setting as `phase=seconds` pairs separated by commas (e.g.
 * `on_water=86400,last_free_day_near=1800`): the named phases replace the defaults. Throws naming
 * the first entry that is not a known phase with a whole number of seconds from 60 to 7 days.
 */
export function parseRefreshCadence(text: string, base: RefreshCadence = DEFAULT_REFRESH_CADENCE): RefreshCadence {
  const table: Record<RefreshPhase, number> = { ...base };
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const match = /^([a-z_]+)\s*=\s*(\d+)$/.exec(entry);
    const phase = match?.[1] as RefreshPhase | undefined;
    if (match === null || phase === undefined || !REFRESH_PHASES.includes(phase)) {
      throw new Error(`"${entry}" is not phase=seconds with a phase of ${REFRESH_PHASES.join(', ')}`);
    }
    const seconds = Number(match[2]);
    if (seconds < 60 || seconds > 7 * 86_400) throw new Error(`"${entry}": the interval must be 60 to 604800 seconds`);
    table[phase] = seconds;
  }
  return table;
}
