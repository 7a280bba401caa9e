import { DEFAULT_REFRESH_CADENCE, REFRESH_PHASES } from '@quayside/domain';
import type { RefreshCadence } from '@quayside/domain';

/**
 * The most instants in any window of `windowMs` (a window [t, t + windowMs) may start anywhere):
 * what a carrier that allows `requestsPerMinute` checks on its own clock.
 */
export function maxInWindow(instants: readonly number[], windowMs: number): number {
  const sorted = [...instants].sort((a, b) => a - b);
  let best = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

/** The most intervals open at one instant (an interval is open from `start` until before `end`). */
export function maxOverlap(intervals: ReadonlyArray<{ start: number; end: number }>): number {
  // Ends sort before starts at the same instant: a request answered as another arrives was not beside it.
  const edges = intervals.flatMap(({ start, end }) => [
    [start, 1],
    [end, -1],
  ]);
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let open = 0;
  let best = 0;
  for (const [, step] of edges) {
    open += step!;
    best = Math.max(best, open);
  }
  return best;
}

/**
 * The cadence table with every interval divided by `divisor` (rounded), so the phases keep their
 * ratio: the bench observes adherence within minutes instead of hours. The tracker-worker's
 * REFRESH_CADENCE takes 60 s at the least, so the divisor is at most the shortest interval in seconds / 60.
 */
export function compressedCadence(divisor: number, base: RefreshCadence = DEFAULT_REFRESH_CADENCE): RefreshCadence {
  const shortest = Math.min(...REFRESH_PHASES.map((phase) => base[phase]));
  if (divisor <= 0 || shortest / divisor < 60) throw new RangeError(`a divisor of ${divisor} takes the shortest interval below 60 s`);
  return Object.fromEntries(REFRESH_PHASES.map((phase) => [phase, Math.round(base[phase] / divisor)])) as RefreshCadence;
}

/** REFRESH_CADENCE's text for a cadence (`phase=seconds` pairs). */
export function cadenceSetting(cadence: RefreshCadence): string {
  return REFRESH_PHASES.map((phase) => `${phase}=${cadence[phase]}`).join(',');
}
