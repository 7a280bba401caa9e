import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import {
  ContainerEntity,
  CustomFieldDefinitionEntity,
  CustomFieldEntity,
  CustomFieldOptionEntity,
  EventEntity,
  inFixtureTransaction,
  OutboxRepository,
  ShipmentEntity,
  TrackingRequestEntity,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import type { CustomFieldDataType, CustomFieldEntityType, CustomFieldValue } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { EntityManager } from 'typeorm';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { createWebhook, startDispatcherWithReceiver, stopDispatcherWithReceiver, waitFor } from '../__tests__/dispatcher-harness';

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> };

/** Custom field values travel with their tracking request, shipment and container (docs/custom-fields.md). */
describe('custom field values in webhook payloads', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ db, app, receiver } = await startDispatcherWithReceiver(200));
  });

  afterAll(async () => stopDispatcherWithReceiver({ db, app, receiver }));

  async function setValue(
    manager: EntityManager,
    accountId: string,
    field: { entityType: CustomFieldEntityType; entityId: string; slug: string; dataType: CustomFieldDataType; value: CustomFieldValue },
  ): Promise<{ definition: CustomFieldDefinitionEntity; value: CustomFieldEntity }> {
    const definition = await manager.save(
      manager.create(CustomFieldDefinitionEntity, {
        account_id: accountId,
        entity_type: field.entityType,
        api_slug: field.slug,
        display_name: field.slug,
        data_type: field.dataType,
      }),
    );
    if (field.dataType === 'enum') {
      await manager.save(
        manager.create(CustomFieldOptionEntity, {
          account_id: accountId,
          definition_id: definition.id,
          value: String(field.value),
          label: 'Priority lane',
          position: 1,
        }),
      );
    }
    const value = await manager.save(
      manager.create(CustomFieldEntity, {
        account_id: accountId,
        definition_id: definition.id,
        entity_type: field.entityType,
        entity_id: field.entityId,
        value: field.value,
      }),
    );
    return { definition, value };
  }

  it("includes the values of the request, its shipment and its containers, each linked from its record, and no one else's", async () => {
    const account = await createAccount(db.dataSource);
    const other = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['tracking_request.succeeded'] });
    const fixture = await inFixtureTransaction(db.dataSource, async (manager) => {
      const shipment = await manager.save(
        manager.create(ShipmentEntity, {
          account_id: account.id,
          bill_of_lading_number: 'MEDUCFLD0001',
          normalized_number: 'CFLD0001',
          shipping_line_scac: 'MSCU',
        }),
      );
      const container = await manager.save(
        manager.create(ContainerEntity, { account_id: account.id, number: 'MSCU1000010', shipment_id: shipment.id }),
      );
      const request = await manager.save(
        manager.create(TrackingRequestEntity, {
          account_id: account.id,
          request_number: 'MEDUCFLD0001',
          request_type: 'bill_of_lading',
          scac: 'MSCU',
          status: 'succeeded',
          tracked_object_id: shipment.id,
        }),
      );
      const onRequest = await setValue(manager, account.id, {
        entityType: 'TrackingRequest',
        entityId: request.id,
        slug: 'po_number',
        dataType: 'short_text',
        value: 'PO-77',
      });
      const onShipment = await setValue(manager, account.id, {
        entityType: 'Shipment',
        entityId: shipment.id,
        slug: 'lane',
        dataType: 'enum',
        value: 'priority',
      });
      const onContainer = await setValue(manager, account.id, {
        entityType: 'Container',
        entityId: container.id,
        slug: 'hazmat',
        dataType: 'boolean',
        value: true,
      });
      // A record of another account that happens to point at the same ids is never shown.
      await setValue(manager, other.id, {
        entityType: 'Shipment',
        entityId: shipment.id,
        slug: 'lane',
        dataType: 'short_text',
        value: 'not yours',
      });
      const event = await manager.save(
        manager.create(EventEntity, {
          account_id: account.id,
          name: 'tracking_request.succeeded',
          reference_object_type: 'tracking_request',
          reference_object_id: request.id,
          tracking_request_id: request.id,
          shipment_id: shipment.id,
          occurred_at: new Date('2026-08-14T09:30:00Z'),
          payload: {},
          dedupe_key: `fixture:${randomUUID()}`,
        }),
      );
      await new OutboxRepository(db.dataSource).enqueue(manager, {
        queue: QUEUE.webhookFanout,
        jobName: JOB.fanOut,
        payload: { eventId: event.id },
        accountId: account.id,
      });
      return { event, request, shipment, container, onRequest, onShipment, onContainer };
    });

    await waitFor(
      'the delivery',
      async () =>
        (await db.dataSource
          .getRepository(WebhookNotificationEntity)
          .countBy({ event_id: fixture.event.id, delivery_status: 'succeeded' })) === 1,
    );
    const body = JSON.parse(receiver.received[0]!.body) as { included: Resource[] };
    const values = body.included.filter((r) => r.type === 'custom_field');
    // Oldest first; these three were written in one transaction, so compare them by slug.
    const shown = values.map(
      (v) => [v.attributes['api_slug'], v.attributes['value'], v.attributes['display_value']] as [string, unknown, unknown],
    );
    expect(shown.sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['hazmat', true, 'Yes'],
      ['lane', 'priority', 'Priority lane'],
      ['po_number', 'PO-77', 'PO-77'],
    ]);
    const linked = (type: string, id: string): unknown =>
      body.included.find((r) => r.type === type && r.id === id)?.relationships?.['custom_fields']?.data;
    expect(linked('tracking_request', fixture.request.id)).toEqual([{ type: 'custom_field', id: fixture.onRequest.value.id }]);
    expect(linked('shipment', fixture.shipment.id)).toEqual([{ type: 'custom_field', id: fixture.onShipment.value.id }]);
    expect(linked('container', fixture.container.id)).toEqual([{ type: 'custom_field', id: fixture.onContainer.value.id }]);
    expect(values.find((v) => v.id === fixture.onShipment.value.id)?.relationships).toEqual({
      entity: { data: { type: 'shipment', id: fixture.shipment.id } },
      definition: { data: { type: 'custom_field_definition', id: fixture.onShipment.definition.id } },
    });
  });
});
