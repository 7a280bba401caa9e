import type { INestApplicationContext } from '@nestjs/common';
import {
  EventEntity,
  inFixtureTransaction,
  OutboxRepository,
  TransportEventEntity,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { EventName } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import {
  createAccount,
  createContainer,
  createShipment,
  createTestDatabase,
  createTransportEvent,
  dcsa3SchemaValidator,
  testRedisPrefix,
} from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { In } from 'typeorm';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { bootDispatcher, createWebhook, dispatcherEnv, startReceiver, waitFor } from '../__tests__/dispatcher-harness';

const validate = dcsa3SchemaValidator();

/** The event announcing a stored milestone, handed to fan-out through the outbox as the tracker does. */
async function announce(db: DatabaseConnection, row: TransportEventEntity): Promise<EventEntity> {
  return inFixtureTransaction(db, async (manager) => {
    const event = await manager.save(
      manager.create(EventEntity, {
        account_id: row.account_id,
        name: row.event as EventName,
        reference_object_type: 'transport_event',
        reference_object_id: row.id,
        shipment_id: row.shipment_id,
        container_id: row.container_id,
        occurred_at: row.timestamp ?? new Date(),
        payload: {},
        dedupe_key: `${row.id}|announce`,
      }),
    );
    await new OutboxRepository(db).enqueue(manager, {
      queue: QUEUE.webhookFanout,
      jobName: JOB.fanOut,
      payload: { eventId: event.id },
      accountId: row.account_id,
    });
    return event;
  });
}

/**
 * A DCSA consumer subscribed as a webhook of format `dcsa_tnt_3` (docs/dcsa.md, "DCSA
 * subscriptions") gets each milestone as a signed DCSA 3.0 `POST /events` body through the same
 * fan-out, delivery and retries as any webhook; every body validates against the 3.0 schema.
 */
describe('DCSA 3.0 subscriptions through the webhook pipeline', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let consumer: Receiver;
  let plain: Receiver;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootDispatcher(dispatcherEnv(db.url, testRedisPrefix()));
    // The consumer fails its first delivery: the retry posts the same DCSA body.
    consumer = await startReceiver((_req, index, res) => res.writeHead(index === 0 ? 503 : 200).end());
    plain = await startReceiver((_req, _index, res) => res.writeHead(202).end());
  });

  afterAll(async () => {
    await app?.close();
    await consumer?.close();
    await plain?.close();
    await db?.drop();
  });

  it('posts each milestone DCSA has an event for as a valid POST /events body, a correction retracting the version it replaces', async () => {
    const account = await createAccount(db.dataSource);
    const dcsa = await createWebhook(db.dataSource, account.id, { url: consumer.url, events: [], format: 'dcsa_tnt_3' });
    const json = await createWebhook(db.dataSource, account.id, { url: plain.url, events: [] });
    const shipment = await createShipment(db.dataSource, account.id, { bill_of_lading_number: 'MAEU778899001' });
    const container = await createContainer(db.dataSource, account.id, { number: 'MSKU1234565', shipment_id: shipment.id });
    const vessel = { location_locode: 'CNSHA', vessel_name: 'EVER FORWARD', vessel_imo: '9850551', voyage_number: '1119E' };
    const notifications = db.dataSource.getRepository(WebhookNotificationEntity);
    const loaded = await createTransportEvent(db.dataSource, container, {
      event: 'container.transport.vessel_loaded',
      timestamp: new Date('2026-07-20T03:00:00.000Z'),
      ...vessel,
    });
    const first = await announce(db.dataSource, loaded);
    await waitFor(
      'the first milestone delivered',
      async () => (await notifications.countBy({ event_id: first.id, delivery_status: 'succeeded' })) === 2,
    );
    // The carrier corrects the load time: the tracker invalidates the version and stores the correction.
    await db.dataSource.getRepository(TransportEventEntity).update({ id: loaded.id }, { invalidated_at: new Date() });
    const corrected = await createTransportEvent(db.dataSource, container, {
      event: 'container.transport.vessel_loaded',
      timestamp: new Date('2026-07-20T04:00:00.000Z'),
      leg: 0,
      previous_version_id: loaded.id,
      ...vessel,
    });
    // 3.0 has no berthing event: the JSON:API webhook hears of it, the DCSA consumer does not.
    const berthed = await createTransportEvent(db.dataSource, container, {
      event: 'container.transport.vessel_berthed',
      location_locode: 'USLAX',
    });
    const events = [first, await announce(db.dataSource, corrected), await announce(db.dataSource, berthed)];

    await waitFor('every delivery settled', async () => {
      const rows = await notifications.find({ where: { event_id: In(events.map((e) => e.id)) } });
      return rows.length === 5 && rows.every((n) => n.delivery_status === 'succeeded') ? rows : null;
    });

    const bodies = consumer.received.map((r) => JSON.parse(r.body) as { events: Record<string, unknown>[] });
    for (const body of bodies) expect(validate('PostEventsRequest', body)).toEqual([]);
    // Three posts: the first one refused (503) and retried with the same body.
    expect(bodies).toHaveLength(3);
    const distinct = [...new Set(consumer.received.map((r) => r.body))].map((b) => JSON.parse(b) as { events: Record<string, unknown>[] });
    expect(distinct.map((b) => b.events.map((e) => [e['eventID'], e['isRetracted'] ?? false]))).toEqual(
      expect.arrayContaining([
        [[loaded.id, false]],
        [
          [loaded.id, true],
          [corrected.id, false],
        ],
      ]),
    );
    const current = distinct.flatMap((b) => b.events).find((e) => e['eventID'] === corrected.id)!;
    expect(current).toMatchObject({
      eventDateTime: '2026-07-20T04:00:00.000Z',
      eventClassification: { eventType: 'EQUIPMENT', eventClassifier: 'ACTUAL', equipmentEventType: 'LOADED' },
      eventLocation: { UNLocationCode: 'CNSHA' },
      equipmentDetails: { equipmentReference: 'MSKU1234565', emptyIndicator: 'LADEN' },
      shipmentDetails: { documentReference: { type: 'TRANSPORT_DOCUMENT', reference: 'MAEU778899001' } },
    });
    // Signed like every webhook delivery.
    const signatureHeaders = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((h) => h.includes('signature') || h.startsWith('webhook-'))
        .sort();
    expect(signatureHeaders(consumer.received[0]!.headers)).toEqual(signatureHeaders(plain.received[0]!.headers));
    expect(signatureHeaders(consumer.received[0]!.headers).length).toBeGreaterThan(0);
    expect(plain.received).toHaveLength(3);
    expect(await notifications.count({ where: { webhook_id: dcsa.id } })).toBe(2);
    expect(await notifications.count({ where: { webhook_id: json.id } })).toBe(3);
  });
});
