import type { TimeScale } from '../adapters/time-scale';

export interface CadenceSettings {
  intervalSeconds: number;
  /** Share of the interval each refresh may land before or after its slot. */
  jitterRatio: number;
  /** A compressed sandbox cadence never goes below this. */
  minIntervalMs: number;
}

/**
 * When a shipment should be refreshed next: one interval from now, moved by a random share
 * of it. Shipments created together (a bulk import) therefore drift apart within a few
 * cycles instead of hitting the carrier in step.
 */
export function nextRefreshAt(now: Date, scale: TimeScale, settings: CadenceSettings, random: () => number = Math.random): Date {
  const interval = Math.max(scale.ms(settings.intervalSeconds * 1000), settings.minIntervalMs);
  const jitter = interval * settings.jitterRatio * (2 * random() - 1);
  return new Date(now.getTime() + Math.round(interval + jitter));
}
