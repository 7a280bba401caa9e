import type { INestApplicationContext } from '@nestjs/common';
import {
  ContainerEntity,
  EventEntity,
  inFixtureTransaction,
  OutboxRepository,
  ShipmentEntity,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import { normalizeTerminalReport } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { createWebhook, startDispatcherWithReceiver, stopDispatcherWithReceiver, waitFor } from '../__tests__/dispatcher-harness';

type Resource = { type: string; attributes: Record<string, unknown> };

/**
 * Terminal holds and fees reported in a terminal's own words reach a `container.updated` webhook
 * normalized, and a code nobody knows is delivered as `other` in its own words, never dropped
 * (docs/terminal-data.md). The tracker side is in terminal-vocabulary.integration-spec.ts.
 */
describe('terminal holds and fees in the container.updated webhook', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ db, app, receiver } = await startDispatcherWithReceiver(200));
  });

  afterAll(async () => stopDispatcherWithReceiver({ db, app, receiver }));

  it('delivers the normalized holds and fees, the unknown code visible as other', async () => {
    const report = normalizeTerminalReport(
      [
        { name: 'CBP', status: 'HOLD', description: 'CBP exam' },
        { name: 'HBR-DOC', status: 'HOLD', description: 'Harbor department document check' },
        { name: 'LINE', status: 'RELEASED' },
      ],
      [
        { code: 'Demurrage', amount: '125.00', currency: 'USD' },
        { code: 'XFEE-9', amount: '40', currency: 'USD', description: 'Yard congestion surcharge' },
      ],
    );
    const account = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['container.updated'] });
    const event = await inFixtureTransaction(db.dataSource, async (manager) => {
      const shipment = await manager.save(
        manager.create(ShipmentEntity, {
          account_id: account.id,
          bill_of_lading_number: 'MEDUHOLD0001',
          normalized_number: 'HOLD0001',
          shipping_line_scac: 'MSCU',
        }),
      );
      const container = await manager.save(
        manager.create(ContainerEntity, {
          account_id: account.id,
          number: 'MSCU1000010',
          shipment_id: shipment.id,
          holds_at_pod_terminal: report.holds,
          fees_at_pod_terminal: report.fees,
        }),
      );
      const row = manager.create(EventEntity, {
        account_id: account.id,
        name: 'container.updated',
        reference_object_type: 'container_updated_event',
        shipment_id: shipment.id,
        container_id: container.id,
        occurred_at: new Date('2026-08-14T09:30:00Z'),
        payload: {
          changeset: { holds_at_pod_terminal: [[], report.holds], fees_at_pod_terminal: [[], report.fees] },
          data_source: 'terminal',
        },
      });
      row.id = crypto.randomUUID();
      row.reference_object_id = row.id;
      row.dedupe_key = `${container.id}|container.updated|${row.id}`;
      const saved = await manager.save(row);
      await new OutboxRepository(db.dataSource).enqueue(manager, {
        queue: QUEUE.webhookFanout,
        jobName: JOB.fanOut,
        payload: { eventId: saved.id },
        accountId: account.id,
      });
      return saved;
    });

    await waitFor(
      'the delivery',
      async () =>
        (await db.dataSource.getRepository(WebhookNotificationEntity).countBy({ event_id: event.id, delivery_status: 'succeeded' })) === 1,
    );
    const body = JSON.parse(receiver.received[0]!.body) as { included: Resource[] };
    const holds = [
      { name: 'customs', status: 'hold', description: 'CBP exam' },
      { name: 'other', status: 'hold', description: 'HBR-DOC: Harbor department document check' },
    ];
    expect(report.holds).toEqual(holds);
    const change = body.included.find((r) => r.type === 'container_updated_event')!;
    expect(change.attributes['changeset']).toEqual({ holds_at_pod_terminal: [[], holds], fees_at_pod_terminal: [[], report.fees] });
    const container = body.included.find((r) => r.type === 'container')!;
    expect(container.attributes).toMatchObject({ holds_at_pod_terminal: holds, fees_at_pod_terminal: report.fees });
    expect(report.fees.map((fee) => [fee.type, fee.amount])).toEqual(
      expect.arrayContaining([
        ['demurrage', 125],
        ['other', 40],
      ]),
    );
    expect(report.fees.find((fee) => fee.type === 'other')?.description).toContain('XFEE-9');
    expect(report.unrecognized).toEqual(expect.arrayContaining([expect.stringContaining('HBR-DOC'), expect.stringContaining('XFEE-9')]));
  });
});
