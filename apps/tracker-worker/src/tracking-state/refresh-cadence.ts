import { refreshDelayMs } from '@quayside/domain';
import type { RefreshCadence, RefreshPhase } from '@quayside/domain';
import type { TimeScale } from '../adapters/time-scale';

export interface CadenceSettings {
  /** Seconds between refreshes per phase (docs/tracking-requests.md, "Refresh cadence"). */
  cadence: RefreshCadence;
  /** Share of the interval each refresh may land before or after its slot. */
  jitterRatio: number;
  /** A compressed sandbox cadence never goes below this. */
  minIntervalMs: number;
}

/**
 * When a shipment should be refreshed next: its phase's interval from now, moved by a random
 * share of it (the domain's rule), on the shipment's clock. Shipments created together (a bulk
 * import) therefore drift apart within a few cycles instead of hitting the carrier in step.
 */
export function nextRefreshAt(
  now: Date,
  scale: TimeScale,
  settings: CadenceSettings,
  phase: RefreshPhase = 'unknown',
  random: () => number = Math.random,
): Date {
  const delay = Math.max(scale.ms(refreshDelayMs(phase, settings.cadence, settings.jitterRatio, random)), settings.minIntervalMs);
  return new Date(now.getTime() + Math.round(delay));
}

/**
 * Until when data fetched at `fetchedAt` in `phase` is as fresh as the cadence allows: the latest
 * its next refresh may be scheduled (the phase's interval with the whole jitter, on the shipment's
 * clock), plus the time a due refresh may take to be picked up and answered (`graceMs`). Past it,
 * the shipment's data is older than the cadence allows and is marked `data_stale` where users read
 * it (docs/carriers.md, "Source health").
 */
export function freshUntil(fetchedAt: Date, scale: TimeScale, settings: CadenceSettings, phase: RefreshPhase, graceMs: number): Date {
  const latest = Math.max(scale.ms(refreshDelayMs(phase, settings.cadence, settings.jitterRatio, () => 1)), settings.minIntervalMs);
  return new Date(fetchedAt.getTime() + Math.round(latest) + graceMs);
}
