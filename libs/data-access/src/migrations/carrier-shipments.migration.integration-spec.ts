import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { revertLastMigration, runMigrations } from '../database/run-migrations';
import { MIGRATIONS } from './index';

/**
 * A database written before physical shipments existed, with what the old milestone identity
 * let through: the same milestone stored twice for one container (two accounts' timelines a
 * millisecond apart), each copy with its event and its notification. The migration merges
 * them, keeping the first one stored, and gives every record its physical shipment.
 */
describe('migration CarrierShipments on an existing database', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    // Back to the schema just before CarrierShipments: later migrations first, then it.
    const position = MIGRATIONS.findIndex((migration) => migration.name === 'CarrierShipments1795533837778');
    expect(position).toBeGreaterThanOrEqual(0);
    for (let reverted = MIGRATIONS.length; reverted > position; reverted -= 1) await revertLastMigration(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('merges duplicate milestones keeping the earliest with its notification, and attaches every record to one physical shipment', async () => {
    const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);
    const [a] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    const [b] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('B') RETURNING id`);
    const record = async (account: string, createdAt: string, nextRefresh: string | null): Promise<string> => {
      const [row] = await q<{ id: string }>(
        `INSERT INTO shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, next_refresh_at, created_at)
         VALUES ($1, 'TEST-TR-MULTI-CONTAINER', 'TEST-TR-MULTI-CONTAINER', 'TEST', $2, $3) RETURNING id`,
        [account, nextRefresh, createdAt],
      );
      await q(
        `INSERT INTO tracking_requests (account_id, request_number, request_type, scac, status, tracked_object_id, created_at) VALUES ($1, 'TEST-TR-MULTI-CONTAINER', 'bill_of_lading', 'TEST', 'succeeded', $2, $3)`,
        [account, row!.id, createdAt],
      );
      return row!.id;
    };
    const shipmentA = await record(a!.id, '2026-08-14T08:00:00.000Z', '2026-08-14T11:00:00Z');
    const shipmentB = await record(b!.id, '2026-08-14T08:00:00.001Z', '2026-08-14T10:00:00Z');
    const [container] = await q<{ id: string }>(
      `INSERT INTO containers (account_id, shipment_id, number) VALUES ($1, $2, 'QSDU2006850') RETURNING id`,
      [a!.id, shipmentA],
    );
    const [webhook] = await q<{ id: string }>(
      `INSERT INTO webhooks (account_id, url, secret) VALUES ($1, 'https://example.com/hook', 's') RETURNING id`,
      [a!.id],
    );

    // The same departure stored twice, a millisecond apart, then a real second call of the same place on another voyage.
    const milestone = async (
      timestamp: string,
      voyage: string,
      createdAt: string,
    ): Promise<{ te: string; event: string; notification: string }> => {
      const [te] = await q<{ id: string }>(
        `INSERT INTO transport_events (account_id, container_id, shipment_id, event, timestamp, location_locode, voyage_number, data_source, dedupe_key, created_at)
         VALUES ($1, $2, $3, 'container.transport.vessel_departed', $4::timestamptz, 'CNSHA', $5, 'shipping_line', 'container.transport.vessel_departed|CNSHA|' || $4::text, $6) RETURNING id`,
        [a!.id, container!.id, shipmentA, timestamp, voyage, createdAt],
      );
      const [event] = await q<{ id: string }>(
        `INSERT INTO events (account_id, name, reference_object_type, reference_object_id, shipment_id, container_id, payload, occurred_at, created_at)
         VALUES ($1, 'container.transport.vessel_departed', 'transport_event', $2, $3, $4, '{}', $5, $6) RETURNING id`,
        [a!.id, te!.id, shipmentA, container!.id, timestamp, createdAt],
      );
      const [notification] = await q<{ id: string }>(
        `INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload, created_at)
         VALUES ($1, $2, $3, 'container.transport.vessel_departed', 'transport_event', $4, '{}', $5) RETURNING id`,
        [a!.id, webhook!.id, event!.id, te!.id, createdAt],
      );
      await q(
        `INSERT INTO outbox (queue, job_name, payload, account_id) VALUES ('webhook-delivery', 'deliver', jsonb_build_object('notificationId', $1::text), $2)`,
        [notification!.id, a!.id],
      );
      return { te: te!.id, event: event!.id, notification: notification!.id };
    };
    const first = await milestone('2026-08-13T08:00:00.000Z', '001E', '2026-08-14T08:00:01Z');
    const copy = await milestone('2026-08-13T08:00:00.001Z', '001E', '2026-08-14T08:00:02Z');
    const secondCall = await milestone('2026-08-20T08:00:00.000Z', '002E', '2026-08-21T08:00:00Z');

    await runMigrations(db.dataSource);

    const rows = await q<{ id: string; leg: number; dedupe_key: string }>(
      `SELECT id, leg, dedupe_key FROM transport_events ORDER BY timestamp`,
    );
    expect(rows).toEqual([
      { id: first.te, leg: 0, dedupe_key: 'container.transport.vessel_departed|CNSHA|0' },
      { id: secondCall.te, leg: 1, dedupe_key: 'container.transport.vessel_departed|CNSHA|1' },
    ]);
    expect((await q<{ id: string }>(`SELECT id FROM events ORDER BY created_at`)).map((r) => r.id)).toEqual([
      first.event,
      secondCall.event,
    ]);
    expect((await q<{ id: string }>(`SELECT id FROM webhook_notifications ORDER BY created_at`)).map((r) => r.id)).toEqual([
      first.notification,
      secondCall.notification,
    ]);
    const deliveries = await q<{ notification: string }>(
      `SELECT payload->>'notificationId' AS notification FROM outbox WHERE job_name = 'deliver' ORDER BY created_at`,
    );
    expect(deliveries.map((d) => d.notification)).toEqual([first.notification, secondCall.notification]);
    expect(deliveries.map((d) => d.notification)).not.toContain(copy.notification);

    const physical = await q<{ id: string; tracking_since: Date; next_refresh_at: Date; query_number: string }>(
      `SELECT id, tracking_since, next_refresh_at, query_number FROM carrier_shipments`,
    );
    expect(physical).toEqual([
      {
        id: expect.any(String) as unknown,
        tracking_since: new Date('2026-08-14T08:00:00.000Z'),
        next_refresh_at: new Date('2026-08-14T10:00:00Z'),
        query_number: 'TEST-TR-MULTI-CONTAINER',
      },
    ]);
    const linked = await q<{ id: string; carrier_shipment_id: string }>(
      `SELECT id, carrier_shipment_id FROM shipments ORDER BY created_at`,
    );
    expect(linked).toEqual([
      { id: shipmentA, carrier_shipment_id: physical[0]!.id },
      { id: shipmentB, carrier_shipment_id: physical[0]!.id },
    ]);
    expect(await q(`SELECT number, carrier_shipment_id, tracking_since FROM tracked_numbers`)).toEqual([
      { number: 'TEST-TR-MULTI-CONTAINER', carrier_shipment_id: physical[0]!.id, tracking_since: new Date('2026-08-14T08:00:00.000Z') },
    ]);
    // Events stored before keep keys of their own; new ones cannot collide with them.
    expect((await q<{ dedupe_key: string }>(`SELECT dedupe_key FROM events`)).every((e) => e.dedupe_key.startsWith('legacy:'))).toBe(true);
  });
});
