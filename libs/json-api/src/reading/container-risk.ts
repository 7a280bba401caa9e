import { RISK_REASON_WORDS, riskReasons } from '@quayside/domain';
import type { Hold, JourneyPlace, RiskReason } from '@quayside/domain';
import type { ContainerJourney } from './journey-summary';

export interface ContainerAtRisk {
  id: string;
  number: string | null;
  /** Where it waits: the port of discharge or the inland destination. */
  waiting_at: JourneyPlace;
  last_free_day: string | null;
  last_free_day_source: string | null;
  days_left: number | null;
  /** The holds where it waits; null when that place's source does not report holds. */
  holds: Hold[] | null;
  risk_reasons: RiskReason[];
  /** `risk_reasons` in words (libs/domain `RISK_REASON_WORDS`). */
  reasons: string[];
}

/**
 * The containers at risk of demurrage within `withinDays`, judged by the one journey answer the
 * api sends with each container (libs/domain `journeyOf`, `riskReasons`): only while a container
 * waits (at the port or at the inland destination), for the last free day there and the holds
 * there. A container that moves, was picked up or returned is never listed. Most urgent first:
 * fewest days left, then those with holds only.
 */
export function containersAtRisk(containers: readonly ContainerJourney[], withinDays: number): ContainerAtRisk[] {
  const found: ContainerAtRisk[] = [];
  for (const { id, number, journey } of containers) {
    if (journey === null || journey.waiting_at === null) continue;
    const reasons = riskReasons(journey, withinDays);
    if (reasons.length === 0) continue;
    found.push({
      id,
      number,
      waiting_at: journey.waiting_at,
      last_free_day: journey.last_free_day,
      last_free_day_source: journey.last_free_day_source,
      days_left: journey.days_left,
      holds: journey.holds,
      risk_reasons: reasons,
      reasons: reasons.map((reason) => RISK_REASON_WORDS[reason]),
    });
  }
  return found.sort((x, y) => (x.days_left ?? Number.POSITIVE_INFINITY) - (y.days_left ?? Number.POSITIVE_INFINITY));
}
