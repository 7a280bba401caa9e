import type { DataSource, EntityManager } from 'typeorm';
import type { ObservationLease } from './shipment-state.types';

/**
 * Hands a lease back, only if it is still the one granted (its sequence): a refresh that
 * outlived its lease never releases the lease of the refresh that took over.
 */
export async function releaseLease(executor: EntityManager | DataSource, lease: ObservationLease): Promise<void> {
  if (lease.kind === 'carrier_shipment') {
    await executor.query(`UPDATE carrier_shipments SET lease_until = NULL, lease_seq = NULL, lease_outbox_id = NULL WHERE id = $1 AND lease_seq = $2`, [lease.carrierShipmentId, lease.seq]);
  } else {
    await executor.query(`UPDATE tracked_numbers SET lease_until = NULL, lease_seq = NULL, lease_outbox_id = NULL WHERE shipping_line_scac = $1 AND number = $2 AND lease_seq = $3`, [
      lease.scac,
      lease.number,
      lease.seq,
    ]);
  }
}
