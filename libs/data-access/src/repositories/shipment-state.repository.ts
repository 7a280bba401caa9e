import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { releaseLease } from './observation-lease';
import { OutboxRepository } from './outbox.repository';
import type { LoadedTrackingState, StateTransactionResult, StateTransactionTarget, StateWrite } from './shipment-state.types';
import { loadRecords } from './stored-records';
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
      if (target.outboxId !== null && !(await this.outbox.complete(manager, target.outboxId))) return { status: 'replayed' as const };
      const loaded = await this.load(manager, target);
      if (loaded === null) return { status: 'missing' as const };
      const decision = decide(loaded);
      if (decision === null) return { status: 'done' as const, value: null, eventIds: [] };
      const eventIds = await writeStates(manager, [decision.write], fanOut);
      return { status: 'done' as const, value: decision.value, eventIds };
    });
  }

  private async load(manager: EntityManager, target: StateTransactionTarget): Promise<LoadedTrackingState | null> {
    let trackingRequest: TrackingRequestEntity | null = null;
    let accountId: string | null = null;
    if (target.trackingRequestId !== undefined) {
      trackingRequest = await manager.getRepository(TrackingRequestEntity).findOne({ where: { id: target.trackingRequestId }, lock: { mode: 'pessimistic_write' } });
      if (trackingRequest === null) return null;
      accountId = trackingRequest.account_id;
    }
    const state = target.shipmentId === undefined ? null : ((await loadRecords(manager, [target.shipmentId]))[0] ?? null);
    if (target.shipmentId !== undefined && state === null) return null;
    accountId ??= state?.shipment.account_id ?? null;
    if (accountId === null) return null;
    const account = await manager.getRepository(AccountEntity).findOneBy({ id: accountId });
    if (account === null) return null;
    const linkedRequests =
      state === null
        ? trackingRequest === null
          ? []
          : [trackingRequest]
        : await manager.getRepository(TrackingRequestEntity).find({
            where: { tracked_object_id: state.shipment.id },
            order: { created_at: 'ASC', id: 'ASC' },
            lock: { mode: 'pessimistic_write' },
          });
    return { trackingRequest, account, state, linkedRequests };
  }
}
