import type { INestApplicationContext } from '@nestjs/common';
import { WebhookEntity, WebhookNotificationEntity } from '@quayside/data-access';
import type { DeliveryJobRef } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { bootDispatcher, createWebhook, dispatcherEnv, startReceiver } from '../__tests__/dispatcher-harness';
import { DeliveryService } from './delivery.service';
import type { EndpointLease } from './endpoint-semaphore.service';
import { EndpointSemaphoreService } from './endpoint-semaphore.service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * One batch of `deliver` jobs with every way a job can end, run through `DeliveryService`
 * directly: the jobs' outbox rows are due in a year, so the dispatcher's own relay leaves them be.
 */
describe('a batch of deliveries with mixed outcomes', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;
  let accountId: string;
  const held: EndpointLease[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // Retries and postponed jobs fall due long after the test: what it sees is the batch's doing alone.
    app = await bootDispatcher(
      dispatcherEnv(db.url, testRedisPrefix(), { WEBHOOK_RETRY_SCALE: '1', WEBHOOK_ENDPOINT_BUSY_DELAY_MS: '60000' }),
    );
    accountId = (await createAccount(db.dataSource)).id;
    // The stored payload says what the receiver answers.
    receiver = await startReceiver((request, _index, res) => res.writeHead((JSON.parse(request.body) as { answer: number }).answer).end());
  });

  afterAll(async () => {
    await Promise.all(held.map((lease) => lease.release()));
    await app?.close();
    await receiver?.close();
    await db?.drop();
  });

  /** A pending notification answered with `answer`, and its delivery job (completed already with `replayed`). */
  async function job(
    webhook: WebhookEntity,
    answer: number,
    options: { attempts?: number; replayed?: boolean } = {},
  ): Promise<DeliveryJobRef & { outboxId: string }> {
    const [row] = await db.dataSource.query<Array<{ notification_id: string; outbox_id: string }>>(
      `WITH event AS (
         INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key)
         VALUES ($1, 'tracking_request.succeeded', 'tracking_request', gen_random_uuid(), '{}', now(), 'batch:' || gen_random_uuid())
         RETURNING id
       ), notification AS (
         INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload, attempts)
         SELECT $1, $2, id, 'tracking_request.succeeded', 'tracking_request', id, jsonb_build_object('answer', $3::int), $4 FROM event
         RETURNING id
       )
       INSERT INTO outbox (queue, job_name, payload, account_id, available_at, completed_at)
       SELECT $5, $6, jsonb_build_object('notificationId', id), $1, now() + interval '1 year', CASE WHEN $7 THEN now() END FROM notification
       RETURNING payload->>'notificationId' AS notification_id, id AS outbox_id`,
      [webhook.account_id, webhook.id, answer, options.attempts ?? 0, QUEUE.webhookDelivery, JOB.deliver, options.replayed ?? false],
    );
    return { notificationId: row!.notification_id, outboxId: row!.outbox_id };
  }

  const notification = (id: string) => db.dataSource.getRepository(WebhookNotificationEntity).findOneByOrFail({ id });
  const openJobsFor = async (id: string) =>
    db.dataSource.query<Array<{ available_at: Date }>>(
      `SELECT available_at FROM outbox WHERE completed_at IS NULL AND payload->>'notificationId' = $1`,
      [id],
    );
  const postsOf = (id: string) => receiver.received.filter((request) => request.headers['webhook-id'] === id).length;

  it('records each job once, in one pass, whatever its outcome', async () => {
    const hook = (overrides: Partial<WebhookEntity> = {}) => createWebhook(db.dataSource, accountId, { url: receiver.url, ...overrides });
    const [ok, retrying, exhausted, inactive, busy, failing] = await Promise.all([
      hook(),
      hook(),
      hook(),
      hook({ active: false, deactivated_reason: 'turned off by hand' }),
      hook(),
      hook({ failing_since: new Date(Date.now() - 6 * DAY) }),
    ]);
    const freeAccount = (await createAccount(db.dataSource, { plan: 'free', trial_ends_at: null })).id;
    const withheld = await createWebhook(db.dataSource, freeAccount, { url: receiver.url });
    const cap = app.get(EndpointSemaphoreService);
    held.push(...(await cap.acquireMany(busy.id, 4)));
    expect(held).toHaveLength(4);

    const jobs = [
      await job(ok, 200),
      await job(ok, 204),
      await job(retrying, 503),
      await job(exhausted, 500, { attempts: 12 }),
      await job(inactive, 200),
      await job(withheld, 200),
      await job(busy, 200),
      await job(ok, 200, { replayed: true }),
      await job(failing, 500),
    ];
    const delivery = app.get(DeliveryService);

    await expect(delivery.deliverBatch(jobs)).resolves.toEqual([
      'succeeded',
      'succeeded',
      'retry-scheduled',
      'failed',
      'failed',
      'failed',
      'endpoint-busy',
      'skipped',
      'retry-scheduled',
    ]);

    const [delivered, deliveredToo, retried, gaveUp, notActive, notInPlan, postponed, replayed, turnedOff] = await Promise.all(
      jobs.map((j) => notification(j.notificationId)),
    );
    expect(delivered).toMatchObject({ delivery_status: 'succeeded', attempts: 1, last_response_status: 200 });
    expect(deliveredToo).toMatchObject({ delivery_status: 'succeeded', attempts: 1, last_response_status: 204 });
    expect(retried).toMatchObject({ delivery_status: 'pending', attempts: 1, last_response_status: 503 });
    expect(await openJobsFor(retried!.id)).toHaveLength(1);
    expect(gaveUp).toMatchObject({ delivery_status: 'failed', attempts: 13, last_response_status: 500, next_attempt_at: null });
    expect(notActive).toMatchObject({
      delivery_status: 'failed',
      attempts: 0,
      last_error: 'the webhook is not active: turned off by hand',
    });
    expect(notInPlan).toMatchObject({ delivery_status: 'failed', attempts: 0 });
    expect(notInPlan!.last_error).toMatch(/free plan does not include webhooks/);
    expect(postponed).toMatchObject({ delivery_status: 'pending', attempts: 0 });
    const [again] = await openJobsFor(postponed!.id);
    expect(again!.available_at.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(replayed).toMatchObject({ delivery_status: 'pending', attempts: 0 });
    expect(turnedOff).toMatchObject({ delivery_status: 'pending', attempts: 1, last_response_status: 500 });

    const webhooks = db.dataSource.getRepository(WebhookEntity);
    expect(await webhooks.findOneByOrFail({ id: failing.id })).toMatchObject({ active: false });
    expect((await webhooks.findOneByOrFail({ id: failing.id })).deactivated_reason).toMatch(/^deactivated after 120 hours/);
    expect(await webhooks.findOneByOrFail({ id: ok.id })).toMatchObject({ active: true, failing_since: null });
    expect((await webhooks.findOneByOrFail({ id: ok.id })).last_success_at).not.toBeNull();
    expect(await webhooks.findOneByOrFail({ id: retrying.id })).toMatchObject({ active: true });
    expect((await webhooks.findOneByOrFail({ id: retrying.id })).failing_since).not.toBeNull();

    // Posted exactly the five that were due and had a free slot.
    expect(jobs.map((j) => postsOf(j.notificationId))).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 1]);
    const [counted] = await db.dataSource.query<Array<{ open: number }>>(
      `SELECT count(*)::int AS open FROM outbox WHERE id = ANY($1::uuid[]) AND completed_at IS NULL`,
      [jobs.map((j) => j.outboxId)],
    );
    expect(counted!.open).toBe(0);

    // The same batch again (Redis lost, the relay publishing it twice): no post, no change.
    const before = await Promise.all(jobs.map((j) => notification(j.notificationId)));
    await expect(delivery.deliverBatch(jobs)).resolves.toEqual(jobs.map(() => 'skipped'));
    expect(await Promise.all(jobs.map((j) => notification(j.notificationId)))).toEqual(before);
    expect(jobs.map((j) => postsOf(j.notificationId))).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 1]);
    expect(await openJobsFor(retried!.id)).toHaveLength(1);
  });
});
