import type { TrackingStoppedReason } from '@quayside/domain';

const DAY_MS = 86_400_000;

/** The established API's windows: stop 56 days after arrival, or after 56 days without news from the line. */
export const STOP_WINDOWS = Object.freeze({ afterArrivalDays: 56, withoutUpdatesDays: 56 });

export interface StopFacts {
  containers: ReadonlyArray<{ empty_terminated_at: Date | null }>;
  /** Actual arrival at the port of discharge. */
  podAtaAt: Date | null;
  /** When the carrier last said something new. */
  carrierChangedAt: Date | null;
  now: Date;
  /** Real milliseconds per day: a day, or less for a sandbox shipment whose clock is compressed. */
  dayMs?: number;
}

/**
 * Why tracking of a shipment should stop now, or null to keep going. Checked after each
 * successful refresh, in this order: every container returned empty, past the arrival window,
 * no updates at the line. (Booking cancelled, data unavailable and the stop endpoint come from
 * the carrier's answer or the client, not from these facts.)
 */
export function automaticStopReason(facts: StopFacts): TrackingStoppedReason | null {
  const day = facts.dayMs ?? DAY_MS;
  if (facts.containers.length > 0 && facts.containers.every((c) => c.empty_terminated_at !== null)) return 'all_containers_terminated';
  if (facts.podAtaAt !== null && facts.now.getTime() - facts.podAtaAt.getTime() >= STOP_WINDOWS.afterArrivalDays * day)
    return 'past_arrival_window';
  if (facts.carrierChangedAt !== null && facts.now.getTime() - facts.carrierChangedAt.getTime() >= STOP_WINDOWS.withoutUpdatesDays * day) {
    return 'no_updates_at_line';
  }
  return null;
}
