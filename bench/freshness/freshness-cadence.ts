import { REFRESH_PHASES } from '@quayside/domain';
import type { RefreshCadence, RefreshPhase } from '@quayside/domain';

/** Shipments per phase, out of a whole (a count each: 1,000 in docs/tracking-requests.md). */
export type PhaseMix = Readonly<Partial<Record<RefreshPhase, number>>>;

/**
 * The import mix docs/tracking-requests.md assumes for 1,000 active shipments ("What 1,000 active
 * shipments cost"), which the default cadence prices at 4,920 carrier requests a day.
 */
export const DOCUMENTED_MIX: PhaseMix = {
  on_water: 450,
  before_departure: 100,
  arriving: 60,
  waiting_for_pickup: 80,
  last_free_day_near: 40,
  on_rail: 60,
  rail_arriving: 20,
  after_pickup: 170,
  unknown: 20,
};

/** The compressed scenario's mix: every shipment on the water, its arrival a day away. */
export const ARRIVING_MIX: PhaseMix = { arriving: 1 };

/** The phases of a mix that have shipments, most urgent first, with each one's share of the whole. */
export function phaseShares(mix: PhaseMix): Array<{ phase: RefreshPhase; share: number }> {
  const total = REFRESH_PHASES.reduce((sum, phase) => sum + (mix[phase] ?? 0), 0);
  if (total <= 0) throw new RangeError('a phase mix needs at least one shipment');
  return REFRESH_PHASES.filter((phase) => (mix[phase] ?? 0) > 0).map((phase) => ({ phase, share: mix[phase]! / total }));
}

/** Refreshes a minute that `shipments` of the mix need at the cadence (jitter moves each one, not the average). */
export function refreshesPerMinute(shipments: number, mix: PhaseMix, cadence: RefreshCadence): number {
  return phaseShares(mix).reduce((sum, { phase, share }) => sum + (shipments * share * 60) / cadence[phase], 0);
}

/**
 * What the seed's SQL draws a phase with: `phases[width_bucket(random(), lowerBounds)]` (each
 * phase owns [its lower bound, the next one) of [0, 1)), and each phase's interval in seconds.
 */
export function phaseDraw(mix: PhaseMix, cadence: RefreshCadence): { phases: string[]; lowerBounds: number[]; intervals: number[] } {
  const shares = phaseShares(mix);
  let bound = 0;
  const lowerBounds = shares.map(({ share }) => {
    const lower = bound;
    bound += share;
    return lower;
  });
  return { phases: shares.map(({ phase }) => phase), lowerBounds, intervals: shares.map(({ phase }) => cadence[phase]) };
}
