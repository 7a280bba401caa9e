import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import type { CombinedStatement } from './combined-statement';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { loadFollowers } from './followers.loader';
import { releaseAndLockCarrierShipments, releaseLeases } from './observation-lease';
import { OPEN_BY_ID, OutboxRepository } from './outbox.repository';
import { ReplayedJobsError } from './replayed-jobs.error';
import type {
  LoadedObservation,
  ObservationDecision,
  ObservationLease,
  ObservationResult,
  ObservationSource,
  ObservationTarget,
} from './shipment-state.types';
import { queryRows } from './query-rows';
import type { FanOutJobName } from './state-writer';
import { writeStates } from './state-writer';

const SOURCES: readonly ObservationSource[] = ['carrier', 'terminal', 'rail'];

/** One observation to apply, with the pure decision on it. */
export interface ObservationItem<T> {
  target: Omit<ObservationTarget, 'outboxId'>;
  decide: (loaded: LoadedObservation) => ObservationDecision<T>;
}

export type ObservationItemResult<T> = Exclude<ObservationResult<T>, { status: 'replayed' }>;

interface Locked<T> {
  item: ObservationItem<T>;
  carrierShipment: CarrierShipmentEntity;
  fresh: LoadedObservation['fresh'];
  stale: ObservationSource[];
  trackingRequest: TrackingRequestEntity | null;
}

/**
 * Applies observations of physical shipments to every account following them
 * (docs/architecture.md, "Invariants"), one job's worth in one transaction: it hands the leases
 * back, completes the job's outbox row and locks the physical shipments (in id order, so batches
 * never deadlock; a refresh locks them with the hand-back and completes the row with the
 * followers' lock, docs/architecture.md "Scheduled refreshes"), compares each observation's sequence and source times with what was applied
 * before per source (an older one is recorded in `stale_observations` and handed to the
 * decision as not fresh, never to be applied), locks every follower's record and requests, lets
 * the caller decide (pure functions), writes every record's decision set-based and moves the
 * source cursors. A fixed number of statements, whatever the number of shipments in the batch.
 */
@Injectable()
export class ObservationRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  async apply<T>(
    target: ObservationTarget,
    fanOut: FanOutJobName,
    decide: (loaded: LoadedObservation) => ObservationDecision<T>,
  ): Promise<ObservationResult<T>> {
    const { outboxId, ...rest } = target;
    const result = await this.applyBatch(outboxId, [{ target: rest, decide }], fanOut);
    return result === 'replayed' ? { status: 'replayed' } : result[0]!;
  }

  /** Many observations of one job (a batch of routine refreshes): all applied, or none. */
  async applyBatch<T>(
    outboxId: string | null,
    items: ReadonlyArray<ObservationItem<T>>,
    fanOut: FanOutJobName,
  ): Promise<'replayed' | Array<ObservationItemResult<T>>> {
    return this.dataSource.transaction((manager) => this.applyIn(manager, outboxId, items, fanOut));
  }

  /**
   * Observations of several jobs, one item each (pushes applied together), in one transaction
   * that completes every job's outbox row first: all applied, or none. Should one of the jobs be
   * completed already (a replay), nothing is written and `ReplayedJobsError` says so; the caller
   * applies them one by one, where a replay is a no-op.
   */
  async applyJobs<T>(
    outboxIds: readonly string[],
    items: ReadonlyArray<ObservationItem<T>>,
    fanOut: FanOutJobName,
  ): Promise<Array<ObservationItemResult<T>>> {
    return this.dataSource.transaction(async (manager) => {
      const completed = await this.outbox.completeMany(manager, outboxIds);
      if (completed.size !== new Set(outboxIds).size) throw new ReplayedJobsError(outboxIds.filter((id) => !completed.has(id)));
      const applied = await this.applyIn(manager, null, items, fanOut);
      if (applied === 'replayed') throw new ReplayedJobsError([]);
      return applied;
    });
  }

  private async applyIn<T>(
    manager: EntityManager,
    outboxId: string | null,
    items: ReadonlyArray<ObservationItem<T>>,
    fanOut: FanOutJobName,
  ): Promise<'replayed' | Array<ObservationItemResult<T>>> {
    // Leases go back whatever happens next: a replayed job must not hold them until they lapse.
    // A batch of known physical shipments under their own leases (a refresh) hands them back and
    // locks them with one statement, and completes its outbox row in the followers' lock; any
    // other completes it before the physical shipments' lock. Either way: the outbox row, then
    // the requests, then the records.
    const leases = ownLeases(items);
    let shipments: Array<CarrierShipmentEntity | undefined>;
    if (leases === null) {
      await releaseLeases(
        manager,
        items.map((item) => item.target.lease),
      );
      const lockedShipments = await this.lockCarrierShipments(manager, outboxId, items);
      if (lockedShipments === 'replayed') return 'replayed' as const;
      shipments = lockedShipments;
    } else {
      const byId = new Map((await releaseAndLockCarrierShipments(manager, leases)).map((row) => [row.id, row]));
      shipments = leases.map((lease) => byId.get(lease.carrierShipmentId));
    }
    const locked: Array<Locked<T> | null> = [];
    for (const [index, item] of items.entries()) {
      const carrierShipment = shipments[index] ?? null;
      if (carrierShipment === null) {
        locked.push(null);
        continue;
      }
      if (item.target.trackedNumber) {
        await manager.query(`UPDATE tracked_numbers SET carrier_shipment_id = $3 WHERE shipping_line_scac = $1 AND number = $2`, [
          item.target.trackedNumber.scac,
          item.target.trackedNumber.number,
          carrierShipment.id,
        ]);
      }
      const fresh = this.compare(carrierShipment, item.target);
      const trackingRequest =
        item.target.trackingRequestId === undefined
          ? null
          : await manager
              .getRepository(TrackingRequestEntity)
              .findOne({ where: { id: item.target.trackingRequestId }, lock: { mode: 'pessimistic_write' } });
      locked.push({ item, carrierShipment, fresh, stale: SOURCES.filter((s) => fresh[s] === false), trackingRequest });
    }
    const present = locked.filter((l): l is Locked<T> => l !== null);
    const followers = await loadFollowers(
      manager,
      present.map((l) => ({
        carrierShipment: l.carrierShipment,
        join: l.item.target.joinOpenRequests && l.fresh.carrier === true,
        own: l.trackingRequest,
      })),
      leases === null ? null : outboxId,
    );
    if (followers === 'replayed') return 'replayed' as const;
    await this.recordStale(manager, present);
    const decisions = present.map((l) =>
      l.item.decide({
        carrierShipment: l.carrierShipment,
        fresh: l.fresh,
        followers: followers.get(l.carrierShipment.id) ?? [],
        trackingRequest: l.trackingRequest,
      }),
    );
    // The cursors move in the statement of the writes: one round trip fewer per job.
    const stored = new Set(
      await writeStates(
        manager,
        decisions.flatMap((d) => d.writes),
        fanOut,
        (tail) => this.advance(tail, present, decisions),
      ),
    );
    return locked.map((l): ObservationItemResult<T> => {
      if (l === null) return { status: 'missing' };
      const decision = decisions[present.indexOf(l)]!;
      const eventIds = decision.writes.flatMap((w) => (w.events ?? []).map((e) => e.id)).filter((id) => stored.has(id));
      return { status: 'done', value: decision.value, eventIds, stale: l.stale };
    });
  }

  /**
   * Completes the job's outbox row ('replayed' when it was completed already: nothing else is
   * done), then returns each item's physical shipment, created from its first answer if needed,
   * locked in id order. When every item names its shipment by id (every refresh but a number's
   * first answer), the completion and the lock are one statement.
   */
  private async lockCarrierShipments<T>(
    manager: EntityManager,
    outboxId: string | null,
    items: ReadonlyArray<ObservationItem<T>>,
  ): Promise<'replayed' | Array<CarrierShipmentEntity | undefined>> {
    const byId = items.flatMap((item) => ('id' in item.target.carrierShipment ? [item.target.carrierShipment.id] : []));
    if (byId.length === items.length) {
      const rows =
        outboxId === null
          ? await queryRows<CarrierShipmentEntity>(
              manager,
              `SELECT * FROM carrier_shipments WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
              [byId],
            )
          : await queryRows<CarrierShipmentEntity & { job_completed: number }>(
              manager,
              `WITH completed AS (UPDATE outbox SET completed_at = now() WHERE id = $1 AND ${OPEN_BY_ID} RETURNING id)
               SELECT c.job_completed, cs.* FROM (SELECT count(*)::int AS job_completed FROM completed) c
               LEFT JOIN LATERAL (SELECT * FROM carrier_shipments WHERE id = ANY($2::uuid[]) AND c.job_completed > 0 ORDER BY id FOR UPDATE) cs ON true`,
              [outboxId, byId],
            );
      if (outboxId !== null && (rows[0] as { job_completed?: number } | undefined)?.job_completed !== 1) return 'replayed';
      const repository = manager.getRepository(CarrierShipmentEntity);
      const locked = new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, repository.create(row)] as const])));
      return byId.map((id) => locked.get(id));
    }
    if (outboxId !== null && !(await this.outbox.complete(manager, outboxId))) return 'replayed';
    const keys: Array<{ id: string } | { scac: string; number: string }> = [];
    for (const item of items) {
      const target = item.target.carrierShipment;
      if ('id' in target) {
        keys.push({ id: target.id });
        continue;
      }
      const create = target.create;
      await manager.query(
        `INSERT INTO carrier_shipments (shipping_line_scac, normalized_number, query_type, query_number, tracking_since)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [create.shipping_line_scac, create.normalized_number, create.query_type, create.query_number, create.tracking_since],
      );
      keys.push({ scac: create.shipping_line_scac, number: create.normalized_number });
    }
    const rows = await manager
      .getRepository(CarrierShipmentEntity)
      .createQueryBuilder('cs')
      // One index-backed list of ids: an OR of the ids and the (line, number) pairs made the
      // planner scan every physical shipment (1 s a job at a million containers).
      .where(
        `cs.id = ANY(ARRAY(
           SELECT i.id FROM unnest(:ids::uuid[]) AS i(id)
           UNION ALL
           SELECT c.id FROM carrier_shipments c JOIN unnest(:scacs::text[], :numbers::text[]) AS k(scac, num)
             ON c.shipping_line_scac = k.scac AND c.normalized_number = k.num))`,
        {
          ids: keys.flatMap((k) => ('id' in k ? [k.id] : [])),
          scacs: keys.flatMap((k) => ('scac' in k ? [k.scac] : [])),
          numbers: keys.flatMap((k) => ('number' in k ? [k.number] : [])),
        },
      )
      .orderBy('cs.id')
      .setLock('pessimistic_write')
      .getMany();
    return keys.map((k) =>
      rows.find((row) => ('id' in k ? row.id === k.id : row.shipping_line_scac === k.scac && row.normalized_number === k.number)),
    );
  }

  /**
   * Per source carried: newer in sequence than the last applied, and not older by the source's
   * own clock. An answer played on another clock than the shipment's is not its history.
   */
  private compare(stored: CarrierShipmentEntity, target: ObservationItem<unknown>['target']): LoadedObservation['fresh'] {
    const sameClock = stored.tracking_since.getTime() === target.trackingSince.getTime();
    const fresh: LoadedObservation['fresh'] = {};
    for (const source of SOURCES) {
      const stamp = target.sources[source];
      if (stamp === undefined) continue;
      const newer = BigInt(target.lease.seq) > BigInt(stored[`${source}_seq`]);
      const appliedAt = stored[`${source}_source_at`];
      const notOlderAtSource = stamp.sourceAt === null || appliedAt === null || stamp.sourceAt.getTime() >= appliedAt.getTime();
      fresh[source] = sameClock && newer && notOlderAtSource;
    }
    return fresh;
  }

  private async recordStale<T>(manager: EntityManager, locked: ReadonlyArray<Locked<T>>): Promise<void> {
    const rows = locked
      .filter((l) => l.stale.length > 0)
      .map((l) => ({
        carrier_shipment_id: l.carrierShipment.id,
        seq: l.item.target.lease.seq,
        sources: l.stale,
        fetched_at: (l.stale.map((s) => l.item.target.sources[s]?.fetchedAt).find((d) => d !== undefined) ?? new Date()).toISOString(),
        job: l.item.target.job,
        reason:
          l.carrierShipment.tracking_since.getTime() === l.item.target.trackingSince.getTime()
            ? 'a newer observation of these sources was applied first'
            : 'asked on another clock than the shipment it belongs to',
      }));
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO stale_observations (carrier_shipment_id, seq, sources, fetched_at, job, reason)
       SELECT r.carrier_shipment_id, r.seq, ARRAY(SELECT jsonb_array_elements_text(r.sources)), r.fetched_at, r.job, r.reason
       FROM jsonb_to_recordset($1::jsonb) AS r(carrier_shipment_id uuid, seq bigint, sources jsonb, fetched_at timestamptz, job text, reason text)`,
      [JSON.stringify(rows)],
    );
  }

  /** Moves each fresh source's cursor to its observation, and writes the decided schedules and queries: one part of the writes' statement. */
  private advance<T>(tail: CombinedStatement, locked: ReadonlyArray<Locked<T>>, decisions: ReadonlyArray<ObservationDecision<T>>): void {
    const rows = locked.map((l, index) => {
      const stamp = (source: ObservationSource) => (l.fresh[source] === true ? l.item.target.sources[source] : undefined);
      const schedule = decisions[index]?.carrierShipment ?? {};
      return {
        id: l.carrierShipment.id,
        ...Object.fromEntries(
          SOURCES.flatMap((source) => {
            const s = stamp(source);
            return s === undefined
              ? []
              : [
                  [`${source}_seq`, l.item.target.lease.seq],
                  [`${source}_fetched_at`, s.fetchedAt.toISOString()],
                  [`${source}_source_at`, s.sourceAt?.toISOString() ?? null],
                ];
          }),
        ),
        ...(schedule.next_refresh_at !== undefined
          ? { next_refresh_at: schedule.next_refresh_at?.toISOString() ?? null, set_schedule: true }
          : {}),
        ...(schedule.refresh_phase !== undefined ? { refresh_phase: schedule.refresh_phase } : {}),
        ...(schedule.fresh_until !== undefined ? { fresh_until: schedule.fresh_until?.toISOString() ?? null } : {}),
        ...(schedule.query_type !== undefined ? { query_type: schedule.query_type } : {}),
        ...(schedule.query_number !== undefined ? { query_number: schedule.query_number } : {}),
      };
    });
    if (rows.length === 0) return;
    // A column a row does not name keeps its value: each assignment applies only where the row has
    // its key. The ids again as an array, so the planner looks the rows up by key (as `updateRows` of state-writer.ts).
    const keep = (column: string, present: string): string =>
      `${column} = CASE WHEN v.doc ? '${present}' THEN (v.r).${column} ELSE cs.${column} END`;
    tail.add(
      'advanced_carrier_shipments',
      `UPDATE carrier_shipments cs SET
         ${SOURCES.flatMap((s) => [keep(`${s}_seq`, `${s}_seq`), keep(`${s}_fetched_at`, `${s}_seq`), keep(`${s}_source_at`, `${s}_seq`)]).join(',\n         ')},
         ${keep('fresh_until', 'fresh_until')},
         ${keep('next_refresh_at', 'set_schedule')},
         ${keep('refresh_phase', 'refresh_phase')},
         ${keep('query_type', 'query_type')},
         ${keep('query_number', 'query_number')},
         updated_at = now()
       FROM (SELECT e.doc, jsonb_populate_record(null::carrier_shipments, e.doc) AS r FROM jsonb_array_elements(${tail.parameter(JSON.stringify(rows))}::jsonb) AS e(doc)) AS v
       WHERE cs.id = (v.r).id AND cs.id = ANY(${tail.parameter(rows.map((row) => row.id))}::uuid[])`,
    );
  }
}

/**
 * The items' leases when every one is the lease of the physical shipment it names by id, with
 * no tracked number to link nor request of its own to lock (a refresh); null otherwise.
 */
function ownLeases<T>(items: ReadonlyArray<ObservationItem<T>>): Array<Extract<ObservationLease, { kind: 'carrier_shipment' }>> | null {
  const leases: Array<Extract<ObservationLease, { kind: 'carrier_shipment' }>> = [];
  for (const { target } of items) {
    const { lease, carrierShipment } = target;
    if (lease.kind !== 'carrier_shipment' || !('id' in carrierShipment) || lease.carrierShipmentId !== carrierShipment.id) return null;
    if (target.trackedNumber !== undefined || target.trackingRequestId !== undefined) return null;
    leases.push(lease);
  }
  return leases.length === 0 ? null : leases;
}
