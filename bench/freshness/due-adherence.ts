import type { RefreshCadence, RefreshPhase } from '@quayside/domain';
import { percentile } from '../support/percentile';

/** A shipment whose refresh came due in the window, as scheduled at its start (epoch ms). */
export interface DueShipment {
  scac: string;
  phase: RefreshPhase;
  /** The carrier's last answer before the window. */
  previousFetchedAt: number;
  dueAt: number;
  /** The first answer after it, as sampled during the window; null if none came. */
  refreshedAt: number | null;
}

export interface DueAdherence {
  due: number;
  /** Answered by the deadline: the phase's interval with its whole jitter and one scheduler tick after the previous answer. */
  onTime: number;
  /** Answered after the deadline, or not answered and the deadline passed within the window. */
  late: number;
  /** Not answered and the deadline still ahead at the window's end: neither on time nor late yet. */
  undecided: number;
  /** onTime / (onTime + late); null when nothing could be judged. */
  adherence: number | null;
  byCarrier: Map<string, { onTime: number; judged: number }>;
  /** From coming due to the answer, of those answered. */
  delayP50Ms: number | null;
  delayP99Ms: number | null;
  /** Due and not answered at the window's end, and how long they had been due then. */
  overdue: number;
  overdueP50Ms: number | null;
  overdueP99Ms: number | null;
}

/**
 * Cadence adherence of the shipments that came due in a window (bench/README.md, "Freshness at
 * scale"): at the real cadence a window of minutes sees each shipment come due once at most, so
 * the share of all active shipments last answered within their interval says nothing; what a
 * user sees is whether the ones due were asked in time.
 */
export function dueAdherence(
  shipments: readonly DueShipment[],
  rules: { cadence: RefreshCadence; jitterRatio: number; tickMs: number; windowEnd: number },
): DueAdherence {
  let onTime = 0;
  let late = 0;
  let undecided = 0;
  const byCarrier = new Map<string, { onTime: number; judged: number }>();
  const delays: number[] = [];
  const overdue: number[] = [];
  for (const shipment of shipments) {
    const deadline = shipment.previousFetchedAt + rules.cadence[shipment.phase] * 1000 * (1 + rules.jitterRatio) + rules.tickMs;
    const carrier = byCarrier.get(shipment.scac) ?? { onTime: 0, judged: 0 };
    byCarrier.set(shipment.scac, carrier);
    if (shipment.refreshedAt === null) {
      overdue.push(rules.windowEnd - shipment.dueAt);
      if (deadline >= rules.windowEnd) undecided += 1;
      else {
        late += 1;
        carrier.judged += 1;
      }
      continue;
    }
    delays.push(shipment.refreshedAt - shipment.dueAt);
    carrier.judged += 1;
    if (shipment.refreshedAt <= deadline) {
      onTime += 1;
      carrier.onTime += 1;
    } else late += 1;
  }
  return {
    due: shipments.length,
    onTime,
    late,
    undecided,
    adherence: onTime + late === 0 ? null : onTime / (onTime + late),
    byCarrier,
    delayP50Ms: percentile(delays, 50),
    delayP99Ms: percentile(delays, 99),
    overdue: overdue.length,
    overdueP50Ms: percentile(overdue, 50),
    overdueP99Ms: percentile(overdue, 99),
  };
}
