import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { ContainerEntity } from '../entities/container.entity';
import { EstimatedEventEntity } from '../entities/estimated-event.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
import { OutboxRepository } from './outbox.repository';
import { queryRows } from './query-rows';
import type {
  LoadedTrackingState,
  NewEvent,
  StateTransactionResult,
  StateTransactionTarget,
  StateWrite,
  StoredShipmentState,
} from './shipment-state.types';

/** Queue and job that turn each stored event into webhook notifications. */
export interface FanOutJobName {
  queue: string;
  jobName: string;
}

export type StateDecision<T> = { write: StateWrite; value: T } | null;

/**
 * The tracker's one way to change tracking state. Each call is one transaction that
 * completes the job's outbox row, locks what it is about, lets the caller decide on the
 * stored state (a pure function: no I/O inside the lock), and writes the decision with its
 * transport events, events and one fan-out outbox row per event. So a change is never
 * stored without its events, an event never without its change, and a job that runs twice
 * (killed after commit, before ack; or concurrently) has its effects once.
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
      if (target.outboxId !== null && !(await this.outbox.complete(manager, target.outboxId))) return { status: 'replayed' as const };
      const loaded = await this.load(manager, target);
      if (loaded === null) return { status: 'missing' as const };
      const decision = decide(loaded);
      if (decision === null) return { status: 'done' as const, value: null, eventIds: [] };
      const eventIds = await this.write(manager, decision.write, fanOut);
      return { status: 'done' as const, value: decision.value, eventIds };
    });
  }

  /** The stored state of one shipment without locking (for reads outside a decision). */
  async findState(shipmentId: string): Promise<StoredShipmentState | null> {
    return this.loadState(this.dataSource.manager, shipmentId, false);
  }

  private async load(manager: EntityManager, target: StateTransactionTarget): Promise<LoadedTrackingState | null> {
    let trackingRequest: TrackingRequestEntity | null = null;
    let accountId: string | null = null;
    let shipmentId: string | null = target.shipmentId ?? null;
    if (target.trackingRequestId !== undefined) {
      trackingRequest = await manager.getRepository(TrackingRequestEntity).findOne({
        where: { id: target.trackingRequestId },
        lock: { mode: 'pessimistic_write' },
      });
      if (trackingRequest === null) return null;
      accountId = trackingRequest.account_id;
    }
    if (shipmentId === null && target.shipmentKey !== undefined && accountId !== null) {
      shipmentId = await this.findShipmentByKey(manager, accountId, target.shipmentKey.scac, target.shipmentKey.normalizedNumber);
    }
    const state = shipmentId === null ? null : await this.loadState(manager, shipmentId, true);
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

  /**
   * Serializes every writer of one (account, carrier, number) with a transaction-scoped
   * advisory lock, so two requests for the same bill of lading can never create two shipments.
   */
  private async findShipmentByKey(manager: EntityManager, accountId: string, scac: string, normalizedNumber: string): Promise<string | null> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`shipment:${accountId}:${scac}:${normalizedNumber}`]);
    const rows = await queryRows<{ id: string }>(
      manager,
      `SELECT id FROM shipments WHERE account_id = $1 AND shipping_line_scac = $2 AND normalized_number = $3 ORDER BY created_at, id LIMIT 1`,
      [accountId, scac, normalizedNumber],
    );
    return rows[0]?.id ?? null;
  }

  private async loadState(manager: EntityManager, shipmentId: string, lock: boolean): Promise<StoredShipmentState | null> {
    const shipment = await manager.getRepository(ShipmentEntity).findOne({
      where: { id: shipmentId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (shipment === null) return null;
    const containers = await manager.getRepository(ContainerEntity).find({ where: { shipment_id: shipmentId }, order: { number: 'ASC' } });
    const transportEvents =
      containers.length === 0
        ? []
        : await manager.getRepository(TransportEventEntity).find({
            where: { container_id: In(containers.map((c) => c.id)) },
            order: { timestamp: 'ASC', created_at: 'ASC' },
          });
    return { shipment, containers, transportEvents };
  }

  private async write(manager: EntityManager, write: StateWrite, fanOut: FanOutJobName): Promise<string[]> {
    if (write.shipment?.isNew) await manager.insert(ShipmentEntity, asColumns(write.shipment.values));
    for (const request of write.trackingRequests ?? []) {
      await manager.update(TrackingRequestEntity, { id: request.id }, { ...request.values, updated_at: new Date() });
    }
    if (write.shipment && !write.shipment.isNew) {
      const { id, ...values } = write.shipment.values;
      await manager.update(ShipmentEntity, { id }, asColumns<ShipmentEntity>({ ...values, updated_at: new Date() }));
    }
    const newContainers = (write.containers ?? []).filter((c) => c.isNew).map((c) => c.values);
    if (newContainers.length > 0) await manager.insert(ContainerEntity, newContainers.map((c) => asColumns<ContainerEntity>(c)));
    await this.updateContainers(
      manager,
      (write.containers ?? []).filter((c) => !c.isNew).map((c) => c.values),
    );
    const storedTransportEvents = await this.insertTransportEvents(manager, write.transportEvents ?? []);
    if ((write.estimatedEvents ?? []).length > 0) await manager.insert(EstimatedEventEntity, write.estimatedEvents ?? []);
    const events = (write.events ?? []).filter((e) => e.requiresTransportEventId === undefined || storedTransportEvents.has(e.requiresTransportEventId));
    const eventIds = await this.insertEvents(manager, events, fanOut);
    for (const entry of write.outbox ?? []) await this.outbox.enqueue(manager, entry);
    return eventIds;
  }

  /**
   * One UPDATE per distinct column set (in practice one for the whole shipment), so a bill of
   * lading with many containers changing at once is not a round trip per container.
   */
  private async updateContainers(manager: EntityManager, rows: Array<Partial<ContainerEntity> & { id: string }>): Promise<void> {
    const groups = new Map<string, Array<Partial<ContainerEntity> & { id: string }>>();
    for (const row of rows) {
      const key = Object.keys(row).sort().join(',');
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const columns = Object.keys(group[0] ?? {}).filter((column) => column !== 'id' && column !== 'updated_at');
      if (columns.length === 0) continue;
      const assignments = columns.map((column) => `"${column}" = v."${column}"`).join(', ');
      await manager.query(
        `UPDATE containers c SET ${assignments}, updated_at = now()
         FROM jsonb_populate_recordset(null::containers, $1::jsonb) v
         WHERE c.id = v.id`,
        [JSON.stringify(group)],
      );
    }
  }

  /** Inserts what is new; a milestone stored before (same container and dedupe key) is skipped. Returns the ids stored. */
  private async insertTransportEvents(manager: EntityManager, rows: StateWrite['transportEvents'] & object): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(TransportEventEntity)
      .values(rows)
      .orIgnore()
      .returning(['id'])
      .execute();
    const raw = result.raw as Array<{ id: string }>;
    return new Set(raw.map((row) => row.id));
  }

  /**
   * Events in emission order: `created_at` is the transaction time plus one microsecond per
   * event, and each event's fan-out row becomes available at the same instant, so both the
   * events listing and the relay keep that order.
   */
  private async insertEvents(manager: EntityManager, events: NewEvent[], fanOut: FanOutJobName): Promise<string[]> {
    if (events.length === 0) return [];
    const docs = events.map((event) => {
      const { requiresTransportEventId: _ignored, ...row } = event;
      return row;
    });
    const rows = await queryRows<{ id: string }>(
      manager,
      `WITH inserted AS (
         INSERT INTO events (id, account_id, name, reference_object_type, reference_object_id, shipment_id, container_id, tracking_request_id, payload, occurred_at, created_at)
         SELECT r.id, r.account_id, r.name, r.reference_object_type, r.reference_object_id, r.shipment_id, r.container_id, r.tracking_request_id,
                COALESCE(r.payload, '{}'::jsonb), r.occurred_at, now() + (e.ord * interval '1 microsecond')
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(doc, ord),
              LATERAL jsonb_populate_record(null::events, e.doc) r
         ORDER BY e.ord
         RETURNING id, account_id, created_at
       ), queued AS (
         INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
         SELECT $2, $3, jsonb_build_object('eventId', id), account_id, created_at FROM inserted
       )
       SELECT id FROM inserted ORDER BY created_at`,
      [JSON.stringify(docs), fanOut.queue, fanOut.jobName],
    );
    return rows.map((row) => row.id);
  }
}

/**
 * TypeORM's deep-partial type rejects a `Record<string, unknown>` jsonb column; the rows here
 * are plain column values (relations are excluded by their type), so they are passed as such.
 */
function asColumns<T>(row: object): QueryDeepPartialEntity<T> {
  return row;
}
