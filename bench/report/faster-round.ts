import type { Measurement } from './results-table';

/**
 * The faster of two rounds of the same measurement. Other work on the machine only ever slows a
 * round down, so the faster one is the closer to what the code can do; errors of every round
 * still count, so a side that failed once is never reported clean.
 */
export function fasterRound(best: Measurement | null, round: Measurement): Measurement {
  if (best === null) return round;
  const faster = round.throughput > best.throughput ? round : best;
  return { ...faster, errors: best.errors + round.errors, firstError: best.firstError ?? round.firstError ?? null };
}

/**
 * Runs each side's round in turn, `rounds` times (q, b, q, b…), so a burst of outside load
 * hits both sides alike, and keeps each side's faster round.
 */
export async function interleavedRounds<Side extends string>(
  rounds: number,
  sides: Record<Side, () => Promise<Measurement>>,
): Promise<Record<Side, Measurement>> {
  const names = Object.keys(sides) as Side[];
  const best = new Map<Side, Measurement>();
  for (let round = 0; round < rounds; round++) {
    for (const name of names) best.set(name, fasterRound(best.get(name) ?? null, await sides[name]()));
  }
  return Object.fromEntries(names.map((name) => [name, best.get(name)!])) as Record<Side, Measurement>;
}
