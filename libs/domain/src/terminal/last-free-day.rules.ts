import type { UtcTimestamp } from '../resources/common';
import type { ImportDeadlines } from '../resources/terminal-data';

export type PickupLfdSource = keyof ImportDeadlines;

/**
 * docs/containers.md: `pickup_lfd` is the first last free day present in this fixed order,
 * shipping line, then terminal, then rail. It is deliberately not the earliest date.
 */
export const PICKUP_LFD_PRIORITY = [
  'pickup_lfd_line',
  'pickup_lfd_terminal',
  'pickup_lfd_rail',
] as const satisfies readonly PickupLfdSource[];

/** Which source `pickup_lfd` comes from, or null when no source has one. */
export function pickupLfdSource(deadlines: ImportDeadlines): PickupLfdSource | null {
  return PICKUP_LFD_PRIORITY.find((source) => deadlines[source] !== null) ?? null;
}

/** The coalesced `pickup_lfd`. */
export function coalescePickupLfd(deadlines: ImportDeadlines): UtcTimestamp | null {
  const source = pickupLfdSource(deadlines);
  return source === null ? null : deadlines[source];
}
