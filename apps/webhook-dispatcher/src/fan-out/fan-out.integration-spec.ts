import type { INestApplicationContext } from '@nestjs/common';
import {
  ContainerEntity,
  EventEntity,
  inFixtureTransaction,
  OutboxRepository,
  ShipmentEntity,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import type { DatabaseConnection, WebhookEntity } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { In } from 'typeorm';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { createWebhook, startDispatcherWithReceiver, stopDispatcherWithReceiver, waitFor } from '../__tests__/dispatcher-harness';
import type { Job } from 'bull';
import type { JobBatch } from '@quayside/queues';
import { FanOutProcessor } from './fan-out.processor';
import { FanOutService } from './fan-out.service';

/** A shipment with two containers and one `container.updated` event per container; fan-out rows due at `availableAt` (now). */
async function emitContainerUpdates(
  db: DatabaseConnection,
  accountId: string,
  availableAt?: Date,
): Promise<{ events: EventEntity[]; fanOutRows: string[]; containers: ContainerEntity[] }> {
  return inFixtureTransaction(db, async (manager) => {
    const shipment = await manager.save(
      manager.create(ShipmentEntity, {
        account_id: accountId,
        bill_of_lading_number: 'MEDUFAN00001',
        normalized_number: 'FAN00001',
        shipping_line_scac: 'MSCU',
      }),
    );
    const containers = await manager.save([
      manager.create(ContainerEntity, { account_id: accountId, number: 'MSCU1000010', shipment_id: shipment.id }),
      manager.create(ContainerEntity, { account_id: accountId, number: 'MSCU1000025', shipment_id: shipment.id }),
    ]);
    const events: EventEntity[] = [];
    const fanOutRows: string[] = [];
    for (const container of containers) {
      const event = manager.create(EventEntity, {
        account_id: accountId,
        name: 'container.updated',
        reference_object_type: 'container_updated_event',
        shipment_id: shipment.id,
        container_id: container.id,
        occurred_at: new Date('2026-08-14T09:30:00Z'),
        payload: {
          changeset: { available_for_pickup: [false, true], pickup_lfd: [null, '2026-08-20T07:00:00.000Z'] },
          data_source: 'terminal',
        },
      });
      // The change event has no table of its own: the event row is the reference object.
      event.id = crypto.randomUUID();
      event.reference_object_id = event.id;
      event.dedupe_key = `${container.id}|container.updated|${event.id}`;
      events.push(await manager.save(event));
      const row = await new OutboxRepository(db).enqueue(manager, {
        queue: QUEUE.webhookFanout,
        jobName: JOB.fanOut,
        payload: { eventId: event.id },
        accountId,
        availableAt,
      });
      fanOutRows.push(row.id);
    }
    return { events, fanOutRows, containers };
  });
}

describe('fan-out', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ db, app, receiver } = await startDispatcherWithReceiver(202));
  });

  afterAll(async () => stopDispatcherWithReceiver({ db, app, receiver }));

  it('makes one notification per subscribed active webhook of the account and per container, once, however often replayed', async () => {
    const account = await createAccount(db.dataSource);
    const other = await createAccount(db.dataSource);
    const url = receiver.url;
    const subscribed = await createWebhook(db.dataSource, account.id, { url, events: ['container.updated'] });
    const everything = await createWebhook(db.dataSource, account.id, { url, events: [] });
    const inactive = await createWebhook(db.dataSource, account.id, { url, events: ['container.updated'], active: false });
    const elsewhere = await createWebhook(db.dataSource, account.id, { url, events: ['container.transport.full_out'] });
    const foreign = await createWebhook(db.dataSource, other.id, { url, events: ['container.updated'] });

    const { events, fanOutRows, containers } = await emitContainerUpdates(db.dataSource, account.id);
    const notifications = db.dataSource.getRepository(WebhookNotificationEntity);
    const delivered = await waitFor('four deliveries', async () => {
      const rows = await notifications.find({ where: { event_id: In(events.map((e) => e.id)) } });
      return rows.length === 4 && rows.every((n) => n.delivery_status === 'succeeded') ? rows : null;
    });
    const byWebhook = (webhook: WebhookEntity) => delivered.filter((n) => n.webhook_id === webhook.id).length;
    expect([byWebhook(subscribed), byWebhook(everything), byWebhook(inactive), byWebhook(elsewhere), byWebhook(foreign)]).toEqual([
      2, 2, 0, 0, 0,
    ]);

    // The job ran; running it again (a replay after a lost Redis) adds nothing.
    const fanOut = app.get(FanOutService);
    for (const [i, event] of events.entries()) expect(await fanOut.fanOut(event.id, fanOutRows[i]!)).toEqual([]);
    expect(await notifications.count({ where: { event_id: In(events.map((e) => e.id)) } })).toBe(4);

    // The payload is the established API's container.updated document, changeset as [old, new] pairs.
    const payload = delivered.find((n) => n.event_id === events[0]!.id)!.payload as {
      data: { relationships: Record<string, unknown> };
      included: { id: string; type: string; attributes: Record<string, unknown> }[];
    };
    expect(payload.data.relationships['reference_object']).toEqual({ data: { id: events[0]!.id, type: 'container_updated_event' } });
    expect(payload.included.map((r) => r.type)).toEqual(['container_updated_event', 'container']);
    expect(payload.included[0]!.attributes).toMatchObject({
      changeset: { available_for_pickup: [false, true], pickup_lfd: [null, '2026-08-20T07:00:00.000Z'] },
      timestamp: '2026-08-14T09:30:00.000Z',
      data_source: 'terminal',
    });
    expect(payload.included[1]).toMatchObject({ id: containers[0]!.id, attributes: { number: 'MSCU1000010' } });
    // What the receiver got is that stored document.
    const sent = receiver.received.map((r) => JSON.parse(r.body) as { data: { id: string } });
    expect(sent.map((s) => s.data.id).sort()).toEqual(delivered.map((n) => n.id).sort());
  });

  it('completes the jobs of events no webhook hears, storing nothing, in the transaction fanning out the heard ones of the same batch', async () => {
    const deaf = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, deaf.id, { url: receiver.url, events: ['container.transport.full_out'] });
    await createWebhook(db.dataSource, deaf.id, { url: receiver.url, events: [], active: false });
    const heard = await createAccount(db.dataSource);
    const webhook = await createWebhook(db.dataSource, heard.id, { url: receiver.url, events: ['container.updated'] });
    // Rows due in a year, so the dispatcher's relay leaves them be; the processor gets them as one batch.
    const later = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    const unheard = await emitContainerUpdates(db.dataSource, deaf.id, later);
    const wanted = await emitContainerUpdates(db.dataSource, heard.id, later);
    const batch = [unheard, wanted].flatMap(({ events, fanOutRows }) =>
      events.map((e, i) => ({ eventId: e.id, outboxId: fanOutRows[i]! })),
    );

    await app.get(FanOutProcessor).handle({ data: { batch } } as unknown as Job<JobBatch<'fan-out'>>);
    const notifications = db.dataSource.getRepository(WebhookNotificationEntity);
    expect(await notifications.count({ where: { event_id: In(unheard.events.map((e) => e.id)) } })).toBe(0);
    const stored = await notifications.find({ where: { event_id: In(wanted.events.map((e) => e.id)) } });
    expect(stored.map((n) => n.webhook_id)).toEqual([webhook.id, webhook.id]);
    const rows = await db.dataSource.query<Array<{ completed_at: Date | null }>>(
      `SELECT completed_at FROM outbox WHERE id = ANY($1::uuid[])`,
      [[...unheard.fanOutRows, ...wanted.fanOutRows]],
    );
    // Every row completed, in one transaction: now() is the same for all four.
    expect(rows.map((row) => row.completed_at === null)).toEqual([false, false, false, false]);
    expect(new Set(rows.map((row) => row.completed_at!.toISOString())).size).toBe(1);
  });

  it('completes in one statement the jobs of the unheard events only, for a batch that could not be fanned out together', async () => {
    const deaf = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, deaf.id, { url: receiver.url, events: ['container.transport.full_out'] });
    const heard = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, heard.id, { url: receiver.url, events: ['container.updated'] });
    const later = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    const unheard = await emitContainerUpdates(db.dataSource, deaf.id, later);
    const wanted = await emitContainerUpdates(db.dataSource, heard.id, later);
    const batch = [unheard, wanted].flatMap(({ events, fanOutRows }) =>
      events.map((e, i) => ({ eventId: e.id, outboxId: fanOutRows[i]! })),
    );

    expect(await app.get(FanOutService).completeUnheard(batch)).toEqual(new Set(unheard.fanOutRows));
    const open = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND completed_at IS NULL`,
      [[...unheard.fanOutRows, ...wanted.fanOutRows]],
    );
    expect(open.map((row) => row.id).sort()).toEqual([...wanted.fanOutRows].sort());
  });

  it('fans out the heard events of a batch in one transaction, in their order, each delivery enqueued', async () => {
    const account = await createAccount(db.dataSource);
    const webhook = await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['container.updated'] });
    // Rows due in a year, so the dispatcher's relay leaves them be; the processor gets them as one batch.
    const { events, fanOutRows } = await emitContainerUpdates(db.dataSource, account.id, new Date(Date.now() + 365 * 24 * 3600 * 1000));
    const batch = events.map((e, i) => ({ eventId: e.id, outboxId: fanOutRows[i]! }));

    await app.get(FanOutProcessor).handle({ data: { batch } } as unknown as Job<JobBatch<'fan-out'>>);
    const completed = await db.dataSource.query<Array<{ completed_at: Date }>>(
      `SELECT completed_at FROM outbox WHERE id = ANY($1::uuid[])`,
      [fanOutRows],
    );
    // One transaction: now() is the same for both rows.
    expect(new Set(completed.map((row) => row.completed_at.toISOString())).size).toBe(1);
    const stored = await db.dataSource
      .getRepository(WebhookNotificationEntity)
      .find({ where: { webhook_id: webhook.id }, order: { id: 'ASC' } });
    expect(stored.map((n) => n.event_id)).toEqual(events.map((e) => e.id));
    const deliveries = await db.dataSource.query<Array<{ notification_id: string }>>(
      `SELECT payload->>'notificationId' AS notification_id FROM outbox WHERE job_name = $1 AND payload->>'notificationId' = ANY($2::text[])`,
      [JOB.deliver, stored.map((n) => n.id)],
    );
    expect(deliveries.map((row) => row.notification_id).sort()).toEqual(stored.map((n) => n.id).sort());
    // Replayed, the batch adds nothing.
    await app.get(FanOutProcessor).handle({ data: { batch } } as unknown as Job<JobBatch<'fan-out'>>);
    expect(await db.dataSource.getRepository(WebhookNotificationEntity).count({ where: { webhook_id: webhook.id } })).toBe(2);
  });

  it('fans out every event of a batch in which one row fails, and fails the job so that Bull retries it', async () => {
    const account = await createAccount(db.dataSource);
    const webhook = await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['container.updated'] });
    // Rows due in a year, so the dispatcher's relay leaves them be; the processor gets them as one batch, a broken row between.
    const { events, fanOutRows } = await emitContainerUpdates(db.dataSource, account.id, new Date(Date.now() + 365 * 24 * 3600 * 1000));
    const batch = [
      { eventId: events[0]!.id, outboxId: fanOutRows[0]! },
      { eventId: events[0]!.id, outboxId: 'not-an-outbox-id' },
      { eventId: events[1]!.id, outboxId: fanOutRows[1]! },
    ];
    const job = { data: { batch } } as unknown as Job<JobBatch<'fan-out'>>;

    await expect(app.get(FanOutProcessor).handle(job)).rejects.toThrow(/uuid/);
    const stored = await db.dataSource.getRepository(WebhookNotificationEntity).find({ where: { webhook_id: webhook.id } });
    expect(stored.map((n) => n.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    const open = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND completed_at IS NULL`,
      [fanOutRows],
    );
    expect(open).toEqual([]);
  });
});
