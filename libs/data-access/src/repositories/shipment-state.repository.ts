import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { releaseLease } from './observation-lease';
import { OutboxRepository } from './outbox.repository';
import type { LoadedTrackingState, StateTransactionResult, StateTransactionTarget, StateWrite } from './shipment-state.types';
import { completeJobAndLoadRecords, loadRecords } from './stored-records';
import type { FanOutJobName } from './state-writer';
import { writeStates } from './state-writer';

export type StateDecision<T> = { write: StateWrite; value: T } | null;

/**
 * The tracker's way to change one record without a new observation: a tracking request's
 * attempt that found nothing, a stop or resume being settled. Each call is one transaction
 * that completes the job's outbox row, locks what it is about, lets the caller decide on the
 * stored state (a pure function: no I/O inside the lock) and writes the decision with its
 * events and one fan-out outbox row per event. Observations go through `ObservationRepository`.
 */
@Injectable()
export class ShipmentStateRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  async transact<T>(
    target: StateTransactionTarget,
    fanOut: FanOutJobName,
    decide: (loaded: LoadedTrackingState) => StateDecision<T>,
  ): Promise<StateTransactionResult<T | null>> {
    return this.dataSource.transaction(async (manager) => {
      if (target.releaseNumberLease) await releaseLease(manager, target.releaseNumberLease);
      const loaded = await this.load(manager, target);
      if (loaded === 'replayed') return { status: 'replayed' as const };
      if (loaded === null) return { status: 'missing' as const };
      const decision = decide(loaded);
      if (decision === null) return { status: 'done' as const, value: null, eventIds: [] };
      const eventIds = await writeStates(manager, [decision.write], fanOut);
      return { status: 'done' as const, value: decision.value, eventIds };
    });
  }

  /** The job's outbox row completed first, then what the decision is about, locked (null: missing). */
  private async load(manager: EntityManager, target: StateTransactionTarget): Promise<LoadedTrackingState | 'replayed' | null> {
    if (target.trackingRequestId === undefined && target.shipmentId !== undefined) {
      // A job about one record: the statement that completes its outbox row locks the record.
      const records =
        target.outboxId === null
          ? await loadRecords(manager, [target.shipmentId])
          : await completeJobAndLoadRecords(manager, target.outboxId, [target.shipmentId]);
      if (records === null) return 'replayed';
      const state = records.states[0] ?? null;
      const account = state === null ? undefined : records.accounts.get(state.shipment.account_id);
      return state === null || account === undefined
        ? null
        : { trackingRequest: null, account, state, linkedRequests: records.linkedRequests };
    }
    if (target.outboxId !== null && !(await this.outbox.complete(manager, target.outboxId))) return 'replayed';
    if (target.trackingRequestId === undefined) return null;
    // The request first, then its record: the order every tracker transaction locks them in.
    const trackingRequest = await manager
      .getRepository(TrackingRequestEntity)
      .findOne({ where: { id: target.trackingRequestId }, lock: { mode: 'pessimistic_write' } });
    if (trackingRequest === null) return null;
    if (target.shipmentId === undefined) {
      const account = await manager.getRepository(AccountEntity).findOneBy({ id: trackingRequest.account_id });
      return account === null ? null : { trackingRequest, account, state: null, linkedRequests: [trackingRequest] };
    }
    const records = await loadRecords(manager, [target.shipmentId], [trackingRequest.account_id]);
    const state = records.states[0] ?? null;
    const account = records.accounts.get(trackingRequest.account_id);
    return state === null || account === undefined ? null : { trackingRequest, account, state, linkedRequests: records.linkedRequests };
  }
}
