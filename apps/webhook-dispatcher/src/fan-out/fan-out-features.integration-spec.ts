import type { INestApplicationContext } from '@nestjs/common';
import { EventEntity, inFixtureTransaction, OutboxEntity, OutboxRepository, WebhookNotificationEntity } from '@quayside/data-access';
import type { ContainerEntity } from '@quayside/data-access';
import type { AccountFeature, EventName, ReferenceObjectType } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount, createContainer, createTransportEvent } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { In } from 'typeorm';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { createWebhook, startDispatcherWithReceiver, stopDispatcherWithReceiver, waitFor } from '../__tests__/dispatcher-harness';

const RAIL_LFD = '2026-08-21T05:00:00.000Z';

interface Payload {
  included: { id: string; type: string; attributes: Record<string, unknown> }[];
}

/**
 * The rail last free day is a feature (`rail_lfd`): webhook payloads follow the api's rule for
 * the receiving account, whatever the tracker stored while the account had the feature.
 */
describe('fan-out: what an account without rail_lfd may see', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ db, app, receiver } = await startDispatcherWithReceiver(204));
  });

  afterAll(async () => stopDispatcherWithReceiver({ db, app, receiver }));

  /** An event of `container` handed to fan-out through the outbox; returns its id and the outbox row's. */
  async function emit(
    container: ContainerEntity,
    name: EventName,
    type: ReferenceObjectType,
    payload: Record<string, unknown>,
    referenceId?: string,
  ): Promise<{ eventId: string; rowId: string }> {
    return inFixtureTransaction(db.dataSource, async (manager) => {
      const id = crypto.randomUUID();
      const event = manager.create(EventEntity, {
        id,
        account_id: container.account_id,
        name,
        reference_object_type: type,
        reference_object_id: referenceId ?? id,
        shipment_id: container.shipment_id,
        container_id: container.id,
        occurred_at: new Date('2026-08-14T09:30:00Z'),
        payload,
        dedupe_key: `${container.id}|${name}|${id}`,
      });
      await manager.save(event);
      const row = await new OutboxRepository(db.dataSource).enqueue(manager, {
        queue: QUEUE.webhookFanout,
        jobName: JOB.fanOut,
        payload: { eventId: id },
        accountId: container.account_id,
      });
      return { eventId: id, rowId: row.id };
    });
  }

  /** Emits three events for an account and waits until fan-out has handled them all. */
  async function scenario(features: AccountFeature[]): Promise<Map<string, Payload>> {
    const account = await createAccount(db.dataSource, { features });
    await createWebhook(db.dataSource, account.id, { url: receiver.url, events: [] });
    // Stored while the account had the feature (or by a tracker that had not yet seen it switched off).
    const container = await createContainer(db.dataSource, account.id, {
      pickup_lfd_rail: new Date(RAIL_LFD),
      ind_facility_lfd_on: new Date(RAIL_LFD),
      ind_rail_carrier_scac: 'BNSF',
    });
    const milestone = await createTransportEvent(db.dataSource, container, {
      event: 'container.pickup_lfd_rail.changed',
      timestamp: new Date(RAIL_LFD),
    });
    const emitted = {
      updated: await emit(container, 'container.updated', 'container_updated_event', {
        changeset: { available_for_pickup: [false, true], pickup_lfd_rail: [null, RAIL_LFD] },
        data_source: 'terminal',
      }),
      railOnly: await emit(container, 'container.updated', 'container_updated_event', {
        changeset: { pickup_lfd_rail: [null, RAIL_LFD] },
        data_source: 'terminal',
      }),
      railEvent: await emit(container, 'container.pickup_lfd_rail.changed', 'transport_event', {}, milestone.id),
    };
    const rowIds = Object.values(emitted).map((e) => e.rowId);
    await waitFor('fan-out of the three events', () => completed(rowIds));
    const notifications = await db.dataSource.getRepository(WebhookNotificationEntity).findBy({ account_id: account.id });
    const byEvent = new Map<string, Payload>();
    for (const [key, { eventId }] of Object.entries(emitted)) {
      const notification = notifications.find((n) => n.event_id === eventId);
      if (notification) byEvent.set(key, notification.payload as unknown as Payload);
    }
    return byEvent;
  }

  async function completed(rowIds: string[]): Promise<boolean> {
    const rows = await db.dataSource.getRepository(OutboxEntity).findBy({ id: In(rowIds) });
    return rows.every((row) => row.completed_at !== null);
  }

  const containerOf = (payload: Payload | undefined) => payload?.included.find((r) => r.type === 'container')?.attributes;
  const changesetOf = (payload: Payload | undefined) =>
    payload?.included.find((r) => r.type === 'container_updated_event')?.attributes['changeset'];

  it('without rail_lfd: the container reads as the api serves it, the changeset loses the rail date, and rail-only news is not sent', async () => {
    const sent = await scenario([]);
    expect([...sent.keys()]).toEqual(['updated']);
    expect(containerOf(sent.get('updated'))).toMatchObject({
      import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
      ind_facility_lfd_on: null,
      pickup_lfd: null,
      pickup_lfd_source: null,
    });
    expect(changesetOf(sent.get('updated'))).toEqual({ available_for_pickup: [false, true] });
  });

  it('with rail_lfd: the rail date is shown everywhere and every event is sent', async () => {
    const sent = await scenario(['rail_lfd']);
    expect([...sent.keys()].sort()).toEqual(['railEvent', 'railOnly', 'updated']);
    expect(containerOf(sent.get('updated'))).toMatchObject({
      import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: RAIL_LFD },
      ind_facility_lfd_on: RAIL_LFD,
      pickup_lfd: RAIL_LFD,
      pickup_lfd_source: 'rail',
    });
    expect(changesetOf(sent.get('updated'))).toEqual({ available_for_pickup: [false, true], pickup_lfd_rail: [null, RAIL_LFD] });
  });
});
