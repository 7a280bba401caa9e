import { inFixtureTransaction } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';

/** Webhooks of the bench account the notifications are spread over: one notification per event and webhook. */
export const NOTIFICATION_WEBHOOKS = 10;
/** One notification in this many failed for good (the `filter[delivery_status]=failed` page and bulk redelivery's selection). */
export const FAILED_SHARE = 100;
const EVENT = 'container.transport.vessel_departed';
const BATCH_EVENTS = 50_000;

export interface SeededNotifications {
  webhookIds: string[];
  /** Notifications of the account, all of them delivered before the measurement. */
  count: number;
}

/**
 * `count` notifications of the bench account, as fan-out and the dispatcher leave them: one per
 * event and webhook (ten webhooks), each with the stored payload of a real notification (the
 * 5 KB sample, `payload` as text, compressed by Postgres as any stored payload is), 1 % failed,
 * the rest delivered, created one millisecond apart in (created_at, id) order. Events refer to
 * the seeded containers. Set-based (`INSERT … SELECT generate_series`), in transactions of
 * 50,000 events (500,000 notifications).
 */
export async function seedNotifications(
  dataSource: DatabaseConnection,
  seed: { accountId: string; base: Date; containers: number; payload: string },
  count: number,
  progress: (done: number) => void,
): Promise<SeededNotifications> {
  const webhooks = await dataSource.query<Array<{ id: string }>>(
    `INSERT INTO webhooks (account_id, url, secret, active, created_at, updated_at)
     SELECT $1, 'https://receiver.bench.invalid/hook-' || n, 'bench secret', false, $2::timestamptz + n * interval '1 ms', $2
     FROM generate_series(1, $3::int) AS n RETURNING id`,
    [seed.accountId, seed.base, NOTIFICATION_WEBHOOKS],
  );
  const events = Math.ceil(count / NOTIFICATION_WEBHOOKS);
  for (let start = 0; start < events; start += BATCH_EVENTS) {
    const end = Math.min(events, start + BATCH_EVENTS);
    await inFixtureTransaction(dataSource, async (manager) => {
      await manager.query(
        `INSERT INTO events (id, account_id, name, reference_object_type, reference_object_id, container_id, payload, occurred_at, dedupe_key, created_at)
         SELECT md5('bench:event:' || i)::uuid, $1, $2, 'container', c, c, '{}', t, 'bench:event:' || i, t
         FROM generate_series($3::int, $4::int - 1) AS i,
           LATERAL (SELECT md5('bench:container:' || (i % $6::int))::uuid AS c, $5::timestamptz + i * interval '10 ms' AS t) AS x`,
        [seed.accountId, EVENT, start, end, seed.base, seed.containers],
      );
      await manager.query(
        `INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload,
           delivery_status, attempts, last_response_status, last_attempted_at, created_at, updated_at)
         SELECT $1, w.id, md5('bench:event:' || i)::uuid, $2, 'container', md5('bench:container:' || (i % $6::int))::uuid, $7,
           CASE WHEN (i * $8::int + w.n) % $9::int = 0 THEN 'failed' ELSE 'succeeded' END,
           CASE WHEN (i * $8::int + w.n) % $9::int = 0 THEN 13 ELSE 1 END,
           CASE WHEN (i * $8::int + w.n) % $9::int = 0 THEN 503 ELSE 200 END,
           t, t, t
         FROM generate_series($3::int, $4::int - 1) AS i
           CROSS JOIN (SELECT id, row_number() OVER (ORDER BY created_at)::int - 1 AS n FROM webhooks WHERE id = ANY($10::uuid[])) AS w
           CROSS JOIN LATERAL (SELECT $5::timestamptz + i * interval '10 ms' + w.n * interval '1 ms' AS t) AS x
         WHERE i * $8::int + w.n < $11::int`,
        [
          seed.accountId,
          EVENT,
          start,
          end,
          seed.base,
          seed.containers,
          seed.payload,
          NOTIFICATION_WEBHOOKS,
          FAILED_SHARE,
          webhooks.map((row) => row.id),
          count,
        ],
      );
    });
    progress(Math.min(count, end * NOTIFICATION_WEBHOOKS));
  }
  await dataSource.query('VACUUM (ANALYZE) events, webhook_notifications, webhooks');
  return { webhookIds: webhooks.map((row) => row.id), count };
}
