import type { CarrierShipmentEntity, ObservationDecision } from '@quayside/data-access';

/**
 * An answer rebuilt from the kept one never puts the next poll off, nor says the data is fresher
 * than the last poll made it: polling stays the reconciliation, on its own schedule. A new phase
 * that wants it sooner brings it forward, and a shipment nobody follows is unscheduled as ever.
 */
export function keepPollSchedule<T>(
  decision: ObservationDecision<T>,
  stored: Pick<CarrierShipmentEntity, 'refresh_phase' | 'next_refresh_at' | 'fresh_until'>,
): ObservationDecision<T> {
  const decided = decision.carrierShipment;
  if (decided === undefined) return decision;
  const kept = { ...decided };
  // In the same phase the poll's schedule stands (a new jittered time would only move it about).
  const samePhase = decided.refresh_phase === undefined || decided.refresh_phase === stored.refresh_phase;
  for (const field of ['next_refresh_at', 'fresh_until'] as const) {
    const now = decided[field];
    const before = stored[field];
    if (now instanceof Date && before !== null && (samePhase || before.getTime() < now.getTime())) kept[field] = before;
  }
  return { ...decision, carrierShipment: kept };
}
