import type { DataSource, EntityManager } from 'typeorm';
import { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import { queryRows } from './query-rows';
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
  const shipments = leases
    .flatMap((l) => (l.kind === 'carrier_shipment' ? [l] : []))
    .sort((a, b) => (a.carrierShipmentId < b.carrierShipmentId ? -1 : 1));
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

/**
 * `releaseLeases` for a batch about to be applied whose leases are all of physical shipments,
 * with the lock the batch takes next: the statement first locks every one of them (FOR UPDATE,
 * in id order, in a one-time filter that runs before anything else), then hands back the leases
 * still granted, returning those rows. The rows whose lease was not this batch's any more are
 * read after it (locked already). One round trip where there were two.
 */
export async function releaseAndLockCarrierShipments(
  manager: EntityManager,
  leases: ReadonlyArray<Extract<ObservationLease, { kind: 'carrier_shipment' }>>,
): Promise<CarrierShipmentEntity[]> {
  const ids = leases.map((l) => l.carrierShipmentId);
  const released = await queryRows<CarrierShipmentEntity>(
    manager,
    `UPDATE carrier_shipments cs SET lease_until = NULL, lease_seq = NULL, lease_outbox_id = NULL
     FROM unnest($1::uuid[], $2::bigint[]) AS l(id, seq)
     WHERE (SELECT count(*) FROM (SELECT 1 FROM carrier_shipments WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE) AS locked) >= 0
       AND cs.id = l.id AND cs.lease_seq = l.seq
     RETURNING cs.*`,
    [ids, leases.map((l) => l.seq)],
  );
  const seen = new Set(released.map((row) => row.id));
  const others = ids.filter((id) => !seen.has(id));
  const kept =
    others.length === 0
      ? []
      : await queryRows<CarrierShipmentEntity>(manager, `SELECT * FROM carrier_shipments WHERE id = ANY($1::uuid[])`, [others]);
  const repository = manager.getRepository(CarrierShipmentEntity);
  return [...released, ...kept].map((row) => repository.create(row));
}
