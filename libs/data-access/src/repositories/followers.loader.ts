import type { EntityManager } from 'typeorm';
import type { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import type { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { queryRows } from './query-rows';
import type { Follower } from './shipment-state.types';
import { OPEN_REQUEST_STATUSES, loadLockedRecordsOf, loadRecordsOf, lockJoiningAndRecordsOf } from './stored-records';

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
 * physical shipments existed is adopted by the one of its carrier and number. With `outboxId`,
 * the first statement completes the job's outbox row ('replayed' when it was completed already:
 * nothing is locked).
 */
export async function loadFollowers(
  manager: EntityManager,
  queries: readonly FollowersQuery[],
  outboxId: string | null = null,
): Promise<Map<string, Follower[]> | 'replayed'> {
  const joinIds = queries.filter((q) => q.join).map((q) => q.carrierShipment.id);
  const carrierShipmentIds = queries.map((q) => q.carrierShipment.id);
  // The job's outbox row (when given), the joining requests and the records: one statement, in that order.
  const locked =
    joinIds.length === 0 && outboxId === null ? undefined : await lockJoiningAndRecordsOf(manager, joinIds, carrierShipmentIds, outboxId);
  if (locked === null) return 'replayed';
  const joiningBy = new Map<string, TrackingRequestEntity[]>();
  for (const { request, joins } of locked?.joining ?? []) joiningBy.set(joins, [...(joiningBy.get(joins) ?? []), request]);
  for (const q of queries) {
    const list = joiningBy.get(q.carrierShipment.id) ?? [];
    if (q.join && q.own !== null && OPEN_REQUEST_STATUSES.includes(q.own.status) && !list.some((r) => r.id === q.own?.id))
      joiningBy.set(q.carrierShipment.id, [...list, q.own]);
  }
  const adopted = await adoptLegacyRecords(manager, queries, joiningBy);

  // Accounts that join without a record yet are read with the records' own. Records adopted just
  // now were not among those locked: the lock is taken again, with them.
  const joinerAccounts = [...joiningBy.values()].flat().map((r) => r.account_id);
  const {
    states,
    linkedRequests: linked,
    accounts: accountById,
  } = locked === undefined || adopted
    ? await loadRecordsOf(manager, carrierShipmentIds, joinerAccounts)
    : await loadLockedRecordsOf(manager, locked.shipments, joinerAccounts);

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
    followers.sort(
      (a, b) =>
        (a.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER) -
        (b.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER),
    );
    result.set(id, followers);
  }
  return result;
}

/** True when it attached records to a physical shipment. */
async function adoptLegacyRecords(
  manager: EntityManager,
  queries: readonly FollowersQuery[],
  joiningBy: ReadonlyMap<string, TrackingRequestEntity[]>,
): Promise<boolean> {
  const adoptions = queries.flatMap((q) =>
    [...new Set((joiningBy.get(q.carrierShipment.id) ?? []).map((r) => r.account_id))].map((account) => ({
      account_id: account,
      carrier_shipment_id: q.carrierShipment.id,
      shipping_line_scac: q.carrierShipment.shipping_line_scac,
      normalized_number: q.carrierShipment.normalized_number,
    })),
  );
  if (adoptions.length === 0) return false;
  const adopted = await queryRows<{ id: string }>(
    manager,
    `UPDATE shipments s SET carrier_shipment_id = a.carrier_shipment_id
     FROM jsonb_to_recordset($1::jsonb) AS a(account_id uuid, carrier_shipment_id uuid, shipping_line_scac text, normalized_number text)
     WHERE s.carrier_shipment_id IS NULL AND s.account_id = a.account_id AND s.shipping_line_scac = a.shipping_line_scac AND s.normalized_number = a.normalized_number
     RETURNING s.id`,
    [JSON.stringify(adoptions)],
  );
  return adopted.length > 0;
}
