import { randomBytes } from 'node:crypto';
import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { rowPages } from '../__tests__/row-pages';
import { WebhookNotificationRepository } from '../repositories/webhook-notification.repository';

/**
 * Recording a delivery attempt finds room in the notification's own page: the new version stays
 * there, which for an update that changes no indexed column means none of the table's five
 * indexes gets an entry (a HOT update). Packed full, as before the migration, most new versions
 * moved to other pages (all 400 in this test).
 */
describe('migration RoomForDeliveryAttempts', () => {
  let db: ScratchDatabase;
  const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);
  const pages = (): Promise<Map<string, string>> => rowPages(db.dataSource, 'webhook_notifications');

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('keeps notifications in their pages when an attempt is recorded', async () => {
    const [account] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    const [webhook] = await q<{ id: string }>(
      `INSERT INTO webhooks (account_id, url, secret) VALUES ($1, 'https://example.com/hook', 's') RETURNING id`,
      [account!.id],
    );
    // A document of some KB, as fan-out writes them (kept out of line, in the TOAST table).
    const document = JSON.stringify({
      data: { type: 'webhook_notification', attributes: { event: 'container.transport.vessel_departed' } },
      included: [{ filler: randomBytes(3000).toString('hex') }],
    });
    await q(
      `WITH stored AS (
         INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key)
         SELECT $1, 'container.transport.vessel_departed', 'transport_event', gen_random_uuid(), '{}', now(), gen_random_uuid()::text FROM generate_series(1, 400)
         RETURNING id
       )
       INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload)
       SELECT $1, $2, id, 'container.transport.vessel_departed', 'transport_event', id, $3::json FROM stored`,
      [account!.id, webhook!.id, document],
    );
    const before = await pages();
    expect(new Set(before.values()).size).toBeGreaterThan(1);

    const notifications = new WebhookNotificationRepository(db.dataSource);
    const at = new Date();
    await db.dataSource.transaction(async (manager) => {
      const locked = await notifications.lockMany(manager, [...before.keys()]);
      await notifications.recordAttempts(
        manager,
        locked.map((row) => ({
          id: row.id,
          tid: row.tid,
          attempts: 1,
          at,
          delivery_status: 'succeeded',
          last_response_status: 200,
          last_response_body: 'ok',
          last_error: null,
          next_attempt_at: null,
        })),
      );
    });

    const [recorded] = await q<{ count: string }>(
      `SELECT count(*) FROM webhook_notifications WHERE delivery_status = 'succeeded' AND attempts = 1`,
    );
    expect(Number(recorded!.count)).toBe(400);
    // All of a page's rows change in one transaction here, as the dispatcher records a batch; the
    // few versions that find no room left move (packed full, most of them moved).
    const after = await pages();
    const kept = [...before].filter(([id, page]) => after.get(id) === page).length;
    expect(kept).toBeGreaterThanOrEqual(0.9 * before.size);
  });
});
