import type { ContainerJourney } from './journey-summary';

const DAY_MS = 86_400_000;

export interface ContainerAtRisk {
  id: string;
  number: string | null;
  last_free_day: string | null;
  days_left: number | null;
  holds: unknown[];
  reasons: string[];
}

/**
 * A container still at the terminal (not picked up) is at risk when its last free day falls
 * within `withinDays` of `now` (or has passed), or when it has holds. Most urgent first: the
 * earliest last free day, then those with holds only.
 */
export function containersAtRisk(containers: readonly ContainerJourney[], now: Date, withinDays: number): ContainerAtRisk[] {
  const horizon = now.getTime() + withinDays * DAY_MS;
  const found: ContainerAtRisk[] = [];
  for (const c of containers) {
    if (c.pod_full_out_at !== null) continue;
    const reasons: string[] = [];
    const lfd = c.last_free_day === null ? null : Date.parse(c.last_free_day);
    const daysLeft = lfd === null || Number.isNaN(lfd) ? null : Math.floor((lfd - now.getTime()) / DAY_MS);
    if (lfd !== null && !Number.isNaN(lfd) && lfd <= horizon)
      reasons.push(lfd < now.getTime() ? 'last free day has passed' : `last free day within ${withinDays} day(s)`);
    if (c.holds.length > 0) reasons.push(`${c.holds.length} hold(s) at the terminal`);
    if (reasons.length > 0)
      found.push({ id: c.id, number: c.number, last_free_day: c.last_free_day, days_left: daysLeft, holds: c.holds, reasons });
  }
  return found.sort((x, y) => (x.last_free_day ?? '\uffff').localeCompare(y.last_free_day ?? '\uffff'));
}
