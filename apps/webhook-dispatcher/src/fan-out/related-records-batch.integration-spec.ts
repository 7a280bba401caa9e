import {
  CustomFieldDefinitionEntity,
  CustomFieldEntity,
  EventEntity,
  EventRelatedRecordsRepository,
  inFixtureTransaction,
  recordStatementsDuring,
} from '@quayside/data-access';
import type { CustomFieldEntityType, EventName, ReferenceObjectType } from '@quayside/domain';
import { createAccount, createContainer, createShipment, createTestDatabase, createTransportEvent } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';

/**
 * A fan-out batch reads what its events' notifications include together (loadMany): each event
 * must get exactly what it got read alone, of its own account only, while the statements sent
 * stay those of one event however many events the batch holds.
 */
describe('what notifications include, read for a batch of events', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => db.drop());

  async function customField(accountId: string, entityType: CustomFieldEntityType, entityId: string, slug: string): Promise<void> {
    await inFixtureTransaction(db.dataSource, async (manager) => {
      const definition = await manager.save(
        manager.create(CustomFieldDefinitionEntity, {
          account_id: accountId,
          entity_type: entityType,
          api_slug: slug,
          display_name: slug,
          data_type: 'short_text',
        }),
      );
      await manager.save(
        manager.create(CustomFieldEntity, {
          account_id: accountId,
          definition_id: definition.id,
          entity_type: entityType,
          entity_id: entityId,
          value: slug,
        }),
      );
    });
  }

  /** An event as the tracker stores it (not stored here: the repository reads from the row it is given). */
  function event(
    accountId: string,
    name: EventName,
    type: ReferenceObjectType,
    ids: { reference?: string; shipment: string | null; container: string | null },
  ): EventEntity {
    const id = crypto.randomUUID();
    return db.dataSource.getRepository(EventEntity).create({
      id,
      account_id: accountId,
      name,
      reference_object_type: type,
      reference_object_id: ids.reference ?? id,
      shipment_id: ids.shipment,
      container_id: ids.container,
      occurred_at: new Date('2026-08-14T09:30:00Z'),
      payload: {},
      dedupe_key: id,
    });
  }

  it("gives each event of a batch what it gets read alone, no other account's rows, in the statements of one event", async () => {
    const mine = await createAccount(db.dataSource);
    const theirs = await createAccount(db.dataSource);
    const shipment = await createShipment(db.dataSource, mine.id);
    const first = await createContainer(db.dataSource, mine.id, { shipment_id: shipment.id });
    const second = await createContainer(db.dataSource, mine.id, { shipment_id: shipment.id });
    const discharged = await createTransportEvent(db.dataSource, first);
    await customField(mine.id, 'Container', first.id, 'po-number');
    await customField(mine.id, 'Shipment', shipment.id, 'lane');
    const foreign = await createContainer(db.dataSource, theirs.id);
    await customField(theirs.id, 'Container', foreign.id, 'their-po');

    const events = [
      event(mine.id, 'container.updated', 'container_updated_event', { shipment: shipment.id, container: first.id }),
      event(mine.id, 'container.transport.vessel_discharged', 'transport_event', {
        reference: discharged.id,
        shipment: shipment.id,
        container: first.id,
      }),
      event(mine.id, 'shipment.estimated.arrival', 'shipment', { reference: shipment.id, shipment: shipment.id, container: null }),
      event(theirs.id, 'container.updated', 'container_updated_event', { shipment: foreign.shipment_id, container: foreign.id }),
      // An event naming another account's shipment shows none of it.
      event(mine.id, 'shipment.estimated.arrival', 'shipment', { reference: foreign.shipment_id!, shipment: null, container: null }),
    ];
    const repository = new EventRelatedRecordsRepository();
    const manager = db.dataSource.manager;
    const alone = [];
    for (const e of events) alone.push(...(await repository.loadMany(manager, [e])));

    const one = await recordStatementsDuring(db.dataSource, async () => repository.loadMany(manager, events.slice(1, 2)));
    const all = await recordStatementsDuring(db.dataSource, async () => repository.loadMany(manager, events));

    expect(all.result).toEqual(alone);
    // Read alone, the five events send some five statements each; together, those of one event,
    // and the custom fields of the second account (they are read per account).
    expect(all.statements.length).toBe(one.statements.length + 1);
    // What each got, so that the comparison above compares something.
    const [changed, milestone, estimate, theirChange, elsewhere] = all.result;
    expect(changed!.containers.map((c) => c.id)).toEqual([first.id]);
    expect(changed!.custom_fields.map((f) => f.api_slug)).toEqual(['po-number']);
    expect(milestone!.transport_events.map((t) => t.id)).toEqual([discharged.id]);
    expect(milestone!.shipments.map((s) => [s.id, s.container_ids])).toEqual([[shipment.id, [first.id, second.id]]]);
    expect(estimate!.custom_fields.map((f) => f.api_slug)).toEqual(['lane']);
    expect(theirChange!.custom_fields.map((f) => f.api_slug)).toEqual(['their-po']);
    expect(elsewhere!.shipments).toEqual([]);
  });
});
