import type { EntityManager } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
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
  const containers = await manager.getRepository(ContainerEntity).createQueryBuilder('c').where('c.shipment_id = ANY(:ids)', { ids: shipmentIds }).orderBy('c.number').getMany();
  const transportEvents = await manager
    .getRepository(TransportEventEntity)
    .createQueryBuilder('t')
    .where('t.shipment_id = ANY(:ids)', { ids: shipmentIds })
    .andWhere('t.leg IS NOT NULL')
    .andWhere('t.invalidated_at IS NULL')
    .orderBy('t.timestamp', 'ASC', 'NULLS LAST')
    .addOrderBy('t.created_at')
    .getMany();
  const states = new Map<string, StoredShipmentState>(shipments.map((shipment) => [shipment.id, { shipment, containers: [], transportEvents: [] }]));
  for (const container of containers) if (container.shipment_id !== null) states.get(container.shipment_id)?.containers.push(container);
  for (const event of transportEvents) if (event.shipment_id !== null) states.get(event.shipment_id)?.transportEvents.push(event);
  return states;
}
