import type { DataSource, EntityManager } from 'typeorm';
import type { ObservationLease } from './shipment-state.types';

/**
 * Hands a lease back, only if it is still the one granted (its sequence): a refresh that
 * outlived its lease never releases the lease of the refresh that took over.
 */
export async function releaseLease(executor: EntityManager | DataSource, lease: ObservationLease): Promise<void> {
  await releaseLeases(executor, [lease]);
}

/**
 * Hands many leases back with one statement per kind (a batch of routine refreshes is one round
 * trip, not one per shipment), each only if it is still the one granted. Rows are visited in id
 * order, as the batch locks them next.
 */
export async function releaseLeases(executor: EntityManager | DataSource, leases: readonly ObservationLease[]): Promise<void> {
  const shipments = leases.flatMap((l) => (l.kind === 'carrier_shipment' ? [l] : [])).sort((a, b) => (a.carrierShipmentId < b.carrierShipmentId ? -1 : 1));
  const numbers = leases.flatMap((l) => (l.kind === 'tracked_number' ? [l] : []));
  if (shipments.length > 0) {
    await executor.query(
      `UPDATE carrier_shipments cs SET lease_until = NULL, lease_seq = NULL, lease_outbox_id = NULL
       FROM unnest($1::uuid[], $2::bigint[]) AS l(id, seq)
       WHERE cs.id = l.id AND cs.lease_seq = l.seq`,
      [shipments.map((l) => l.carrierShipmentId), shipments.map((l) => l.seq)],
    );
  }
  if (numbers.length > 0) {
    await executor.query(
      `UPDATE tracked_numbers tn SET lease_until = NULL, lease_seq = NULL, lease_outbox_id = NULL
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS l(scac, number, seq)
       WHERE tn.shipping_line_scac = l.scac AND tn.number = l.number AND tn.lease_seq = l.seq`,
      [numbers.map((l) => l.scac), numbers.map((l) => l.number), numbers.map((l) => l.seq)],
    );
  }
}
