import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { releaseLease } from './observation-lease';
import { OutboxRepository } from './outbox.repository';
import { queryRows } from './query-rows';
import type {
  Follower,
  LoadedObservation,
  ObservationDecision,
  ObservationResult,
  ObservationSource,
  ObservationTarget,
  SourceStamp,
} from './shipment-state.types';
import { loadRecords } from './stored-records';
import type { FanOutJobName } from './state-writer';
import { writeStates } from './state-writer';

const OPEN = ['pending', 'awaiting_manifest'];
const SOURCES: readonly ObservationSource[] = ['carrier', 'terminal', 'rail'];

/**
 * Applies one observation of a physical shipment to every account following it, in one
 * transaction (docs/architecture.md, "Invariants"): it completes the job's outbox row, locks
 * the physical shipment (so appliers of one shipment are serialized), compares the
 * observation's sequence and source times with what was applied before per source (an older
 * one is recorded in `stale_observations` and handed to the decision as not fresh, never to
 * be applied), locks every follower's record and requests, lets the caller decide (a pure
 * function), writes every record's decision set-based, moves the source cursors and hands the
 * lease back.
 */
@Injectable()
export class ObservationRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  async apply<T>(target: ObservationTarget, fanOut: FanOutJobName, decide: (loaded: LoadedObservation) => ObservationDecision<T>): Promise<ObservationResult<T>> {
    return this.dataSource.transaction(async (manager) => {
      // The lease goes back whatever happens next: a replayed job must not hold it until it lapses.
      await releaseLease(manager, target.lease);
      if (target.outboxId !== null && !(await this.outbox.complete(manager, target.outboxId))) return { status: 'replayed' as const };
      const carrierShipment = await this.lockCarrierShipment(manager, target);
      if (carrierShipment === null) return { status: 'missing' as const };
      if (target.trackedNumber) {
        await manager.query(`UPDATE tracked_numbers SET carrier_shipment_id = $3 WHERE shipping_line_scac = $1 AND number = $2`, [
          target.trackedNumber.scac,
          target.trackedNumber.number,
          carrierShipment.id,
        ]);
      }
      const sameClock = carrierShipment.tracking_since.getTime() === target.trackingSince.getTime();
      const fresh = this.compare(carrierShipment, target, sameClock);
      const stale = SOURCES.filter((source) => fresh[source] === false);
      if (stale.length > 0) {
        const reason = sameClock ? 'a newer observation of these sources was applied first' : 'asked on another clock than the shipment it belongs to';
        await this.recordStale(manager, carrierShipment.id, target, stale, reason);
      }

      const trackingRequest =
        target.trackingRequestId === undefined
          ? null
          : await manager.getRepository(TrackingRequestEntity).findOne({ where: { id: target.trackingRequestId }, lock: { mode: 'pessimistic_write' } });
      const followers = await this.loadFollowers(manager, carrierShipment, target.joinOpenRequests && fresh.carrier === true, trackingRequest);
      const decision = decide({ carrierShipment, fresh, followers, trackingRequest });
      const eventIds = await writeStates(manager, decision.writes, fanOut);
      await this.advance(manager, carrierShipment.id, target, fresh, decision);
      return { status: 'done' as const, value: decision.value, eventIds, stale };
    });
  }

  private async lockCarrierShipment(manager: EntityManager, target: ObservationTarget): Promise<CarrierShipmentEntity | null> {
    const repository = manager.getRepository(CarrierShipmentEntity);
    if ('id' in target.carrierShipment) return repository.findOne({ where: { id: target.carrierShipment.id }, lock: { mode: 'pessimistic_write' } });
    const create = target.carrierShipment.create;
    await manager.query(
      `INSERT INTO carrier_shipments (shipping_line_scac, normalized_number, query_type, query_number, tracking_since)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [create.shipping_line_scac, create.normalized_number, create.query_type, create.query_number, create.tracking_since],
    );
    return repository.findOne({ where: { shipping_line_scac: create.shipping_line_scac, normalized_number: create.normalized_number }, lock: { mode: 'pessimistic_write' } });
  }

  /** Per source carried: newer in sequence than the last applied, and not older by the source's own clock. */
  private compare(stored: CarrierShipmentEntity, target: ObservationTarget, sameClock: boolean): LoadedObservation['fresh'] {
    const fresh: LoadedObservation['fresh'] = {};
    for (const source of SOURCES) {
      const stamp: SourceStamp | undefined = target.sources[source];
      if (stamp === undefined) continue;
      const appliedSeq = BigInt(stored[`${source}_seq`]);
      const appliedAt = stored[`${source}_source_at`];
      const newer = BigInt(target.lease.seq) > appliedSeq;
      const notOlderAtSource = stamp.sourceAt === null || appliedAt === null || stamp.sourceAt.getTime() >= appliedAt.getTime();
      fresh[source] = sameClock && newer && notOlderAtSource;
    }
    return fresh;
  }

  private async recordStale(manager: EntityManager, carrierShipmentId: string, target: ObservationTarget, stale: ObservationSource[], reason: string): Promise<void> {
    const fetchedAt = stale.map((s) => target.sources[s]?.fetchedAt).find((d) => d !== undefined) ?? new Date();
    await manager.query(
      `INSERT INTO stale_observations (carrier_shipment_id, seq, sources, fetched_at, job, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [carrierShipmentId, target.lease.seq, stale, fetchedAt, target.job, reason],
    );
  }

  /**
   * Every account's record of the physical shipment (stopped ones too: the decision knows
   * what to do with them), and, when the shipment was found, the open requests for any number
   * of it, grouped by account. A record written before physical shipments existed is adopted.
   */
  private async loadFollowers(manager: EntityManager, carrierShipment: CarrierShipmentEntity, join: boolean, own: TrackingRequestEntity | null): Promise<Follower[]> {
    const joining = join
      ? await manager
          .getRepository(TrackingRequestEntity)
          .createQueryBuilder('tr')
          .innerJoin('tracked_numbers', 'tn', 'tn.shipping_line_scac = tr.scac AND tn.number = tr.request_number')
          .where('tn.carrier_shipment_id = :id', { id: carrierShipment.id })
          .andWhere('tr.status IN (:...open)', { open: OPEN })
          .orderBy('tr.created_at')
          .addOrderBy('tr.id')
          .setLock('pessimistic_write', undefined, ['tr'])
          .getMany()
      : [];
    if (own !== null && OPEN.includes(own.status) && join && !joining.some((r) => r.id === own.id)) joining.push(own);
    const joiningAccounts = [...new Set(joining.map((r) => r.account_id))];
    if (joiningAccounts.length > 0) {
      await manager.query(
        `UPDATE shipments SET carrier_shipment_id = $1
         WHERE carrier_shipment_id IS NULL AND account_id = ANY($2::uuid[]) AND shipping_line_scac = $3 AND normalized_number = $4`,
        [carrierShipment.id, joiningAccounts, carrierShipment.shipping_line_scac, carrierShipment.normalized_number],
      );
    }
    const recordIds = (
      await queryRows<{ id: string }>(manager, `SELECT id FROM shipments WHERE carrier_shipment_id = $1 ORDER BY created_at, id`, [carrierShipment.id])
    ).map((row) => row.id);
    const states = await loadRecords(manager, recordIds);
    const linked =
      recordIds.length === 0
        ? []
        : await manager
            .getRepository(TrackingRequestEntity)
            .createQueryBuilder('tr')
            .where('tr.tracked_object_id = ANY(:ids)', { ids: recordIds })
            .orderBy('tr.created_at')
            .addOrderBy('tr.id')
            .setLock('pessimistic_write')
            .getMany();
    const accountIds = [...new Set([...states.map((s) => s.shipment.account_id), ...joiningAccounts])];
    const accounts = accountIds.length === 0 ? [] : await manager.getRepository(AccountEntity).createQueryBuilder('a').where('a.id = ANY(:ids)', { ids: accountIds }).getMany();
    return accounts
      .map((account) => {
        const state = states.find((s) => s.shipment.account_id === account.id) ?? null;
        return {
          account,
          state,
          linkedRequests: state === null ? [] : linked.filter((r) => r.tracked_object_id === state.shipment.id),
          joiningRequests: joining.filter((r) => r.account_id === account.id),
        };
      })
      .sort((a, b) => (a.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.state?.shipment.created_at.getTime() ?? Number.MAX_SAFE_INTEGER));
  }

  /** Moves each fresh source's cursor to this observation, and writes the decided schedule and query. */
  private async advance(manager: EntityManager, id: string, target: ObservationTarget, fresh: LoadedObservation['fresh'], decision: ObservationDecision<unknown>): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    for (const source of SOURCES) {
      const stamp = target.sources[source];
      if (stamp === undefined || fresh[source] !== true) continue;
      sets.push(`${source}_seq = ${param(target.lease.seq)}`, `${source}_fetched_at = ${param(stamp.fetchedAt)}`, `${source}_source_at = ${param(stamp.sourceAt)}`);
    }
    const schedule = decision.carrierShipment ?? {};
    if (schedule.next_refresh_at !== undefined) sets.push(`next_refresh_at = ${param(schedule.next_refresh_at)}`);
    if (schedule.query_type !== undefined) sets.push(`query_type = ${param(schedule.query_type)}`);
    if (schedule.query_number !== undefined) sets.push(`query_number = ${param(schedule.query_number)}`);
    if (sets.length === 0) return;
    await manager.query(`UPDATE carrier_shipments SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  }
}
