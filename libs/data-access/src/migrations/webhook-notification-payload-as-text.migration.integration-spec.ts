import { randomUUID } from 'node:crypto';
import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { revertLastMigration, runMigrations } from '../database/run-migrations';
import { WebhookNotificationRepository } from '../repositories/webhook-notification.repository';
import { MIGRATIONS } from './index';

/**
 * A notification stored as `jsonb` before the migration keeps the bytes the dispatcher posted
 * for it (its retries must post the same body); one stored after it keeps the text fan-out
 * wrote, member order and all.
 */
describe('migration WebhookNotificationPayloadAsText on an existing database', () => {
  let db: ScratchDatabase;
  const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    // Back to the schema just before WebhookNotificationPayloadAsText: later migrations first, then it.
    const position = MIGRATIONS.findIndex((migration) => migration.name === 'WebhookNotificationPayloadAsText1795708167279');
    expect(position).toBeGreaterThanOrEqual(0);
    for (let reverted = MIGRATIONS.length; reverted > position; reverted -= 1) await revertLastMigration(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('keeps the printed text of stored documents and stores new ones verbatim', async () => {
    const [account] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    const [webhook] = await q<{ id: string }>(
      `INSERT INTO webhooks (account_id, url, secret) VALUES ($1, 'https://example.com/hook', 's') RETURNING id`,
      [account!.id],
    );
    const notify = async (): Promise<{ event: string; created_at: Date }> => {
      const [event] = await q<{ id: string; created_at: Date }>(
        `INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key) VALUES ($1, 'shipment.estimated.arrival', 'shipment', gen_random_uuid(), '{}', now(), gen_random_uuid()::text) RETURNING id, created_at`,
        [account!.id],
      );
      return { event: event!.id, created_at: event!.created_at };
    };
    const document = {
      data: {
        id: randomUUID(),
        type: 'webhook_notification',
        attributes: { event: 'shipment.estimated.arrival', changeset: { pod_eta_at: ['a', 'b'] } },
      },
      included: [],
    };
    const old = await notify();
    const [before] = await q<{ id: string; body: string }>(
      `INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload)
       VALUES ($1, $2, $3, 'shipment.estimated.arrival', 'shipment', gen_random_uuid(), $4::jsonb) RETURNING id, payload::text AS body`,
      [account!.id, webhook!.id, old.event, JSON.stringify(document)],
    );
    // What the dispatcher posted so far: jsonb's own printing, not the text it was given.
    expect(before!.body).not.toBe(JSON.stringify(document));

    await runMigrations(db.dataSource);
    const [type] = await q<{ type: string }>(
      `SELECT data_type AS type FROM information_schema.columns WHERE table_name = 'webhook_notifications' AND column_name = 'payload'`,
    );
    expect(type!.type).toBe('json');
    const [after] = await q<{ body: string }>(`SELECT payload::text AS body FROM webhook_notifications WHERE id = $1`, [before!.id]);
    expect(after!.body).toBe(before!.body);

    const fresh = await notify();
    const id = randomUUID();
    await db.dataSource.transaction((manager) =>
      new WebhookNotificationRepository(db.dataSource).insertMany(manager, [
        {
          id,
          account_id: account!.id,
          webhook_id: webhook!.id,
          event_id: fresh.event,
          event: 'shipment.estimated.arrival',
          reference_object_type: 'shipment',
          reference_object_id: randomUUID(),
          payload: document,
          created_at: fresh.created_at,
        },
      ]),
    );
    const [stored] = await q<{ body: string }>(`SELECT payload::text AS body FROM webhook_notifications WHERE id = $1`, [id]);
    expect(stored!.body).toBe(JSON.stringify(document));
  });
});
