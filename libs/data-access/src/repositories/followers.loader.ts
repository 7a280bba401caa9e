import type { EntityManager } from 'typeorm';
import type { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { queryRows } from './query-rows';
import type { Follower } from './shipment-state.types';
import { loadRecordsOf } from './stored-records';

// Written into the SQL as literals, so the planner matches idx_tracking_requests_open_number (same predicate).
const OPEN = ['pending', 'awaiting_manifest'];

/** What to load for one physical shipment. */
export interface FollowersQuery {
  carrierShipment: CarrierShipmentEntity;
  /** Open requests for its numbers join it (only when it was found, by a fresh answer). */
  join: boolean;
  /** The job's own tracking request, already locked. */
  own: TrackingRequestEntity | null;
}

/**
 * Every account's record of each physical shipment (stopped ones too: the decision knows what
 * to do with them) and the open requests that join it, grouped by account and locked — a fixed
 * number of statements whatever the number of physical shipments. A record written before
 * physical shipments existed is adopted by the one of its carrier and number.
 */
export async function loadFollowers(manager: EntityManager, queries: readonly FollowersQuery[]): Promise<Map<string, Follower[]>> {
  const joinIds = queries.filter((q) => q.join).map((q) => q.carrierShipment.id);
  const joining =
    joinIds.length === 0
      ? []
      : await queryRows<TrackingRequestEntity & { joins: string }>(
          manager,
          `SELECT tr.*, tn.carrier_shipment_id AS joins
           FROM tracking_requests tr JOIN tracked_numbers tn ON tn.shipping_line_scac = tr.scac AND tn.number = tr.request_number
           WHERE tn.carrier_shipment_id = ANY($1::uuid[]) AND tr.status IN (${OPEN.map((status) => `'${status}'`).join(', ')})
           ORDER BY tr.created_at, tr.id
           FOR UPDATE OF tr`,
          [joinIds],
        );
  const joiningBy = new Map<string, TrackingRequestEntity[]>();
  for (const row of joining) {
    const { joins, ...request } = row;
    joiningBy.set(joins, [...(joiningBy.get(joins) ?? []), manager.getRepository(TrackingRequestEntity).create(request)]);
  }
  for (const q of queries) {
    const list = joiningBy.get(q.carrierShipment.id) ?? [];
    if (q.join && q.own !== null && OPEN.includes(q.own.status) && !list.some((r) => r.id === q.own?.id)) joiningBy.set(q.carrierShipment.id, [...list, q.own]);
  }
  await adoptLegacyRecords(manager, queries, joiningBy);

  // Accounts that join without a record yet are read with the records' own.
  const { states, linkedRequests: linked, accounts: accountById } = await loadRecordsOf(
    manager,
    queries.map((q) => q.carrierShipment.id),
    [...joiningBy.values()].flat().map((r) => r.account_id),
  );

  const result = new Map<string, Follower[]>();
  for (const q of queries) {
    const id = q.carrierShipment.id;
    const own = states.filter((s) => s.shipment.carrier_shipment_id === id);
    const joiners = joiningBy.get(id) ?? [];
    const followers: Follower[] = [];
    for (const accountId of [...new Set([...own.map((s) => s.shipment.account_id), ...joiners.map((r) => r.account_id)])]) {
      const account = accountById.get(accountId);
      if (account === undefined) continue;
      const state = own.find((s) => s.shipment.account_id === accountId) ?? null;
      followers.push({
        account,
        state,
        linkedRequests: state === null ? [] : linked.filter((r) => r.tracked_object_id === state.shipment.id),
        joiningRequests: joiners.filter((r) => r.account_id === accountId),
      });
    }
    // Records in the order they were created, then accounts that have none yet.
    followers.sort((a, b) => (a.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER));
    result.set(id, followers);
  }
  return result;
}

async function adoptLegacyRecords(manager: EntityManager, queries: readonly FollowersQuery[], joiningBy: ReadonlyMap<string, TrackingRequestEntity[]>): Promise<void> {
  const adoptions = queries.flatMap((q) =>
    [...new Set((joiningBy.get(q.carrierShipment.id) ?? []).map((r) => r.account_id))].map((account) => ({
      account_id: account,
      carrier_shipment_id: q.carrierShipment.id,
      shipping_line_scac: q.carrierShipment.shipping_line_scac,
      normalized_number: q.carrierShipment.normalized_number,
    })),
  );
  if (adoptions.length === 0) return;
  await manager.query(
    `UPDATE shipments s SET carrier_shipment_id = a.carrier_shipment_id
     FROM jsonb_to_recordset($1::jsonb) AS a(account_id uuid, carrier_shipment_id uuid, shipping_line_scac text, normalized_number text)
     WHERE s.carrier_shipment_id IS NULL AND s.account_id = a.account_id AND s.shipping_line_scac = a.shipping_line_scac AND s.normalized_number = a.normalized_number`,
    [JSON.stringify(adoptions)],
  );
}
