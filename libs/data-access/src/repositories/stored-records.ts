import type { EntityManager } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
import { queryRows } from './query-rows';
import type { StoredShipmentState } from './shipment-state.types';

/**
 * Accounts' records as the tracker diffs against them, locked for the transaction (the
 * shipments rows, in id order): each with its containers and its current milestones
 * (value-change rows and corrected versions are not part of the "previous" side). Three
 * statements whatever the number of records; in the order of `shipmentIds`, missing ones left out.
 */
export async function loadRecords(manager: EntityManager, shipmentIds: readonly string[]): Promise<StoredShipmentState[]> {
  if (shipmentIds.length === 0) return [];
  const states = await lockAndLoad(manager, 's.id = ANY(:ids)', shipmentIds);
  return shipmentIds.flatMap((id) => {
    const state = states.get(id);
    return state === undefined ? [] : [state];
  });
}

/**
 * Every account's record of these physical shipments, locked and loaded as `loadRecords` does
 * (the lock and the lookup are one statement), in the order the records were created.
 */
export async function loadRecordsOf(manager: EntityManager, carrierShipmentIds: readonly string[]): Promise<StoredShipmentState[]> {
  if (carrierShipmentIds.length === 0) return [];
  const states = [...(await lockAndLoad(manager, 's.carrier_shipment_id = ANY(:ids)', carrierShipmentIds)).values()];
  return states.sort((a, b) => a.shipment.created_at.getTime() - b.shipment.created_at.getTime() || (a.shipment.id < b.shipment.id ? -1 : a.shipment.id > b.shipment.id ? 1 : 0));
}

async function lockAndLoad(manager: EntityManager, where: string, ids: readonly string[]): Promise<Map<string, StoredShipmentState>> {
  const shipments = await manager.getRepository(ShipmentEntity).createQueryBuilder('s').where(where, { ids }).orderBy('s.id').setLock('pessimistic_write').getMany();
  if (shipments.length === 0) return new Map();
  const shipmentIds = shipments.map((s) => s.id);
  // One after the other: a transaction is one connection, and pg runs its queries in turn anyway.
  // Read as plain rows (the entities' own columns, which pg already types): the many containers
  // and milestones of a batch are not worth TypeORM's per-column hydration.
  const containers = await readRows(manager, ContainerEntity, `SELECT ${columnsOf(manager, ContainerEntity, 'c')} FROM containers c WHERE c.shipment_id = ANY($1::uuid[]) ORDER BY c.number`, [shipmentIds]);
  const transportEvents = await readRows(
    manager,
    TransportEventEntity,
    `SELECT ${columnsOf(manager, TransportEventEntity, 't')} FROM transport_events t
     WHERE t.shipment_id = ANY($1::uuid[]) AND t.leg IS NOT NULL AND t.invalidated_at IS NULL
     ORDER BY t."timestamp" ASC NULLS LAST, t.created_at ASC`,
    [shipmentIds],
  );
  const states = new Map<string, StoredShipmentState>(shipments.map((shipment) => [shipment.id, { shipment, containers: [], transportEvents: [] }]));
  for (const container of containers) if (container.shipment_id !== null) states.get(container.shipment_id)?.containers.push(container);
  for (const event of transportEvents) if (event.shipment_id !== null) states.get(event.shipment_id)?.transportEvents.push(event);
  return states;
}

type EntityClass<T> = new () => T;

/** The entity's selectable columns, as TypeORM would select them. */
function columnsOf<T>(manager: EntityManager, entity: EntityClass<T>, alias: string): string {
  return manager.connection
    .getMetadata(entity)
    .columns.filter((column) => column.isSelect)
    .map((column) => `${alias}."${column.databaseName}"`)
    .join(', ');
}

/** Rows of the entity's own columns as instances of it (property names are the column names, see column-types.ts). */
async function readRows<T extends object>(manager: EntityManager, entity: EntityClass<T>, sql: string, parameters: unknown[]): Promise<T[]> {
  const rows = await queryRows<T>(manager, sql, parameters);
  return rows.map((row) => Object.assign(Object.create(entity.prototype as object) as T, row));
}
