import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { recordStatementsDuring } from '../database/statement-recorder';
import { DeliveryOutcomeRepository } from './delivery-outcome.repository';
import { OutboxRepository } from './outbox.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import { WebhookRepository } from './webhook.repository';

/** Every index an EXPLAIN (FORMAT JSON) plan reads. */
function indexesOf(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(indexesOf);
  if (plan === null || typeof plan !== 'object') return [];
  return Object.entries(plan).flatMap(([key, value]) => (key === 'Index Name' ? [String(value)] : indexesOf(value)));
}

/** The tables an EXPLAIN (FORMAT JSON) plan reads whole. */
function scannedTables(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(scannedTables);
  if (plan === null || typeof plan !== 'object') return [];
  const node = plan as Record<string, unknown>;
  const own = node['Node Type'] === 'Seq Scan' ? [String(node['Relation Name'])] : [];
  return [...own, ...Object.values(node).flatMap(scannedTables)];
}

/**
 * The statements a delivery batch sends for rows it names by id find them by primary key,
 * whatever the statistics say and however few notifications are stored (planned as a join or
 * as `id = ANY`, a table of a few thousand notifications was read whole for each batch): a backlog of open outbox rows the planner does not know about
 * (the table was analyzed while it was quiet), and many notifications per webhook. Planned
 * otherwise, each of them cost time in proportion to the backlog or to the notifications
 * stored (bench/README.md, "The dispatcher's Postgres work per delivery").
 */
describe('delivery statements under misleading statistics', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('reads and completes the rows of a batch by primary key', async () => {
    const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);
    const [account] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('A') RETURNING id`);
    const webhooks = await q<{ id: string }>(
      `INSERT INTO webhooks (account_id, url, secret) SELECT $1, 'https://example.com/' || n, 's' FROM generate_series(1, 2) n RETURNING id`,
      [account!.id],
    );
    const notify = (count: number, completed: boolean): Promise<Array<{ notification: string; outbox: string }>> =>
      q(
        `WITH stored AS (
           INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key)
           SELECT $1, 'shipment.estimated.arrival', 'shipment', gen_random_uuid(), '{}', now(), gen_random_uuid()::text FROM generate_series(1, $2::int)
           RETURNING id
         ), notified AS (
           INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload)
           SELECT $1, ($3::uuid[])[1 + (row_number() OVER ()) % 2], id, 'shipment.estimated.arrival', 'shipment', id,
                  json_build_object('data', json_build_object('id', id, 'noise', (SELECT string_agg(md5(id::text || n), '') FROM generate_series(1, 150) n)))
           FROM stored
           RETURNING id
         )
         INSERT INTO outbox (queue, job_name, payload, account_id, completed_at)
         SELECT 'webhook-delivery', 'deliver', jsonb_build_object('notificationId', id), $1, CASE WHEN $4 THEN now() END FROM notified
         RETURNING payload->>'notificationId' AS notification, id AS outbox`,
        [account!.id, count, webhooks.map((row) => row.id), completed],
      );
    // Documents of about 5 KB, as notifications are: the table's pages are those of a real one.
    await notify(3_000, true);
    await q('ANALYZE');
    const open = (await notify(2_000, false)).slice(0, 100);

    const outbox = new OutboxRepository(db.dataSource);
    const outcomes = new DeliveryOutcomeRepository(
      db.dataSource,
      outbox,
      new WebhookNotificationRepository(db.dataSource),
      new WebhookRepository(db.dataSource),
    );
    const [attempted, completed] = [open.slice(0, 50), open.slice(50)];
    const { sent } = await recordStatementsDuring(db.dataSource, async () => {
      const contexts = await outcomes.loadAttempts(open.map((row) => ({ notificationId: row.notification, outboxId: row.outbox })));
      expect(contexts.every((context) => context.jobOpen && context.webhook !== null && context.account !== null)).toBe(true);
      const recorded = await outcomes.recordMany(
        attempted.map((row, index) => ({
          kind: 'attempted' as const,
          attempt: {
            notificationId: row.notification,
            webhookId: contexts[index]!.webhook!.id,
            outboxId: row.outbox,
            at: new Date(),
            answer: { last_response_status: 200, last_response_body: 'ok', last_error: null },
            delivery: { queue: 'webhook-delivery', jobName: 'deliver' },
            succeeded: true as const,
          },
        })),
      );
      expect(recorded.map((result) => result.outcome)).toEqual(attempted.map(() => 'succeeded'));
      await db.dataSource.transaction((manager) =>
        outbox.completeMany(
          manager,
          completed.map((row) => row.outbox),
        ),
      );
      expect(await outbox.completeAlone(completed[0]!.outbox)).toBe(false);
    });
    const stored = await q<{ id: string; delivery_status: string; attempts: number }>(
      `SELECT id, delivery_status, attempts FROM webhook_notifications WHERE id = ANY($1::uuid[])`,
      [attempted.map((row) => row.notification)],
    );
    expect(stored.every((row) => row.delivery_status === 'succeeded' && row.attempts === 1)).toBe(true);
    expect(stored).toHaveLength(attempted.length);

    const planned = sent.filter(({ sql }) => /^\s*(SELECT|UPDATE)/i.test(sql));
    expect(planned.length).toBeGreaterThanOrEqual(9);
    for (const { sql, parameters } of planned) {
      const [row] = await q<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
      const plan = row!['QUERY PLAN'];
      const indexes = indexesOf(plan).filter((name) => !name.startsWith('PK_'));
      const scanned = scannedTables(plan).filter((table) => table === 'webhook_notifications');
      expect({ sql, indexes, scanned }).toEqual({ sql, indexes: [], scanned: [] });
    }
  });

  it('records an attempt by id when its row is no longer where the lock found it', async () => {
    const q = <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query<T[]>(sql, params);
    const [account] = await q<{ id: string }>(`INSERT INTO accounts (company_name) VALUES ('B') RETURNING id`);
    const [webhook] = await q<{ id: string }>(
      `INSERT INTO webhooks (account_id, url, secret) VALUES ($1, 'https://example.com/moved', 's') RETURNING id`,
      [account!.id],
    );
    const [event] = await q<{ id: string }>(
      `INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key)
       VALUES ($1, 'shipment.estimated.arrival', 'shipment', gen_random_uuid(), '{}', now(), gen_random_uuid()::text) RETURNING id`,
      [account!.id],
    );
    const [notification] = await q<{ id: string }>(
      `INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload)
       VALUES ($1, $2, $3, 'shipment.estimated.arrival', 'shipment', $3, '{"data":{}}') RETURNING id`,
      [account!.id, webhook!.id, event!.id],
    );
    const notifications = new WebhookNotificationRepository(db.dataSource);
    await db.dataSource.transaction(async (manager) => {
      const [locked] = await notifications.lockMany(manager, [notification!.id]);
      // A new version of the row in the same transaction: the place the lock reported is stale.
      await manager.query(`UPDATE webhook_notifications SET updated_at = now() WHERE id = $1`, [notification!.id]);
      await notifications.recordAttempts(manager, [
        {
          id: notification!.id,
          tid: locked!.tid,
          attempts: 1,
          at: new Date(),
          delivery_status: 'succeeded',
          last_response_status: 200,
          last_response_body: 'ok',
          last_error: null,
          next_attempt_at: null,
        },
      ]);
    });
    const [row] = await q<{ delivery_status: string; attempts: number; last_response_status: number }>(
      `SELECT delivery_status, attempts, last_response_status FROM webhook_notifications WHERE id = $1`,
      [notification!.id],
    );
    expect(row).toEqual({ delivery_status: 'succeeded', attempts: 1, last_response_status: 200 });
  });
});
