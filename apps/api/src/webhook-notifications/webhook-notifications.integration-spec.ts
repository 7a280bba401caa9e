import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { inFixtureTransaction, OutboxRepository, WebhookNotificationRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { DeliveryStatus, EventName } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { ApiTestContext, call } from '../test/api-test-app';
import { seedWebhookNotification } from '../test/webhook-fixtures';

interface NotificationResource {
  id: string;
  type: string;
  attributes: {
    event: string;
    delivery_status: DeliveryStatus;
    attempts: number;
    last_response_status: number | null;
    last_response_body: string | null;
    last_error: string | null;
    last_attempted_at: string | null;
    next_attempt_at: string | null;
    created_at: string;
  };
  relationships: { webhook: { data: { id: string; type: string } }; reference_object: { data: { id: string; type: string } } };
}

const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-08-14T08:00:00Z');
const at = (hours: number): Date => new Date(T0.getTime() + hours * HOUR);

describe('webhook notifications: delivery state, examples, redelivery', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let notifications: WebhookNotificationRepository;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
    notifications = new WebhookNotificationRepository(ctx.db.dataSource);
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function createWebhook(account: ProvisionedAccount): Promise<string> {
    const response = await call(app, 'POST', '/v2/webhooks', {
      key: account.key,
      body: {
        data: {
          type: 'webhook',
          attributes: { url: 'http://127.0.0.1:9/hook', events: ['container.updated', 'tracking_request.succeeded'] },
        },
      },
    });
    return (response.json!['data'] as { id: string }).id;
  }

  const seed = (account: ProvisionedAccount, webhookId: string, event: EventName, createdAt: Date): Promise<string> =>
    seedWebhookNotification(ctx.db.dataSource, account.account.id, webhookId, event, createdAt);

  /** An attempt as the dispatcher records it. */
  async function attempt(id: string, status: number, deliveryStatus: DeliveryStatus, when: Date): Promise<void> {
    await inFixtureTransaction(ctx.db.dataSource, (manager) =>
      notifications.recordAttempt(manager, id, {
        at: when,
        delivery_status: deliveryStatus,
        last_response_status: status,
        last_response_body: status === 200 ? 'ok' : 'upstream down',
        last_error: status === 200 ? null : `answered ${status}`,
        next_attempt_at: deliveryStatus === 'pending' ? new Date(when.getTime() + 60_000) : null,
      }),
    );
  }

  const list = async (
    query: string,
    key = owner.key,
  ): Promise<{ status: number; data: NotificationResource[]; json: Record<string, unknown> }> => {
    const response = await call(app, 'GET', `/v2/webhook_notifications${query}`, { key });
    return { status: response.status, data: (response.json!['data'] ?? []) as NotificationResource[], json: response.json! };
  };

  const openDeliveries = async (notificationId: string): Promise<number> => {
    const rows = await ctx.db.dataSource.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM outbox WHERE queue = $1 AND job_name = $2 AND completed_at IS NULL AND payload->>'notificationId' = $3`,
      [QUEUE.webhookDelivery, JOB.deliver, notificationId],
    );
    return Number(rows[0]!.count);
  };

  describe('reading', () => {
    let webhookA: string;
    let webhookB: string;
    let delivered: string;
    let failed: string;
    let pending: string;

    beforeAll(async () => {
      webhookA = await createWebhook(owner);
      webhookB = await createWebhook(owner);
      delivered = await seed(owner, webhookA, 'tracking_request.succeeded', at(0));
      failed = await seed(owner, webhookA, 'container.updated', at(1));
      pending = await seed(owner, webhookB, 'container.updated', at(2));
      await attempt(delivered, 500, 'pending', at(0.1));
      await attempt(delivered, 200, 'succeeded', at(0.2));
      for (let i = 0; i < 3; i++) await attempt(failed, 503, i < 2 ? 'pending' : 'failed', at(1 + i / 10));
      const theirs = await createWebhook(stranger);
      await seed(stranger, theirs, 'container.updated', at(1.5));
    });

    it('lists the account’s notifications oldest first with the delivery state the dispatcher wrote', async () => {
      const { status, data, json } = await list('');
      expect(status).toBe(200);
      expect(data.map((n) => n.id)).toEqual([delivered, failed, pending]);
      expect(json['meta']).toEqual({ size: 30, total: 3 });
      expect(data.map((n) => [n.attributes.delivery_status, n.attributes.attempts, n.attributes.last_response_status])).toEqual([
        ['succeeded', 2, 200],
        ['failed', 3, 503],
        ['pending', 0, null],
      ]);
      expect(data[0]!.relationships).toEqual({
        webhook: { data: { id: webhookA, type: 'webhook' } },
        reference_object: { data: { id: expect.any(String) as unknown, type: 'tracking_request' } },
      });
      expect(data[1]!.relationships.reference_object.data.type).toBe('container_updated_event');
    });

    it.each([
      ['delivery status', '?filter[delivery_status]=failed', () => [failed]],
      ['webhook', () => `?filter[webhook_id]=${webhookB}`, () => [pending]],
      ['event', '?filter[event]=container.updated', () => [failed, pending]],
      [
        'creation time',
        `?filter[created_at][start]=${at(0.5).toISOString()}&filter[created_at][end]=${at(1.5).toISOString()}`,
        () => [failed],
      ],
      ['several at once', () => `?filter[event]=container.updated&filter[webhook_id]=${webhookA}`, () => [failed]],
    ])('filters by %s', async (_label, query, expected) => {
      const { data } = await list(typeof query === 'function' ? query() : query);
      expect(data.map((n) => n.id)).toEqual(expected());
    });

    it.each([
      ['?filter[delivery_status]=lost', 'filter[delivery_status]'],
      ['?filter[event]=container.teleported', 'filter[event]'],
      ['?filter[webhook_id]=abc', 'filter[webhook_id]'],
      ['?include=reference_object.shipment', 'include'],
      ['?include=account', 'include'],
    ])('answers 400 to %s naming the parameter', async (query, parameter) => {
      const response = await call(app, 'GET', `/v2/webhook_notifications${query}`, { key: owner.key });
      expect(response.status).toBe(400);
      expect((response.json!['errors'] as { source: { parameter: string } }[])[0]!.source.parameter).toBe(parameter);
    });

    it('pages with the links it gives: next pages to the end, and the last page from links.last', async () => {
      const path = (link: string): string => link.replace(/^https?:\/\/[^/]+/, '');
      const walked: string[] = [];
      let next: string | undefined = '/v2/webhook_notifications?page[size]=2';
      while (next !== undefined) {
        const response = await call(app, 'GET', path(next), { key: owner.key });
        expect(response.status).toBe(200);
        walked.push(...(response.json!['data'] as NotificationResource[]).map((n) => n.id));
        next = (response.json!['links'] as { next?: string }).next;
      }
      expect(walked).toEqual([delivered, failed, pending]);
      const first = await list('?page[size]=2');
      const lastPage = await call(app, 'GET', path((first.json['links'] as { last: string }).last), { key: owner.key });
      expect((lastPage.json!['data'] as NotificationResource[]).map((n) => n.id)).toEqual([failed, pending]);
    });

    it('includes the webhook and the reference object as delivered', async () => {
      const { data, json } = await list('?include=webhook,reference_object&filter[webhook_id]=' + webhookA);
      const included = json['included'] as { id: string; type: string; attributes: Record<string, unknown> }[];
      expect(included.map((r) => r.type).sort()).toEqual(['container_updated_event', 'tracking_request', 'webhook']);
      expect(included.find((r) => r.type === 'webhook')!.id).toBe(webhookA);
      for (const notification of data) {
        const reference = notification.relationships.reference_object.data;
        expect(included.some((r) => r.type === reference.type && r.id === reference.id)).toBe(true);
      }
      expect(included.find((r) => r.type === 'container_updated_event')!.attributes['changeset']).toBeDefined();
    });

    it('shows one notification with its last answer, attempts and times', async () => {
      const response = await call(app, 'GET', `/v2/webhook_notifications/${failed}?include=webhook`, { key: owner.key });
      expect(response.status).toBe(200);
      const data = response.json!['data'] as NotificationResource;
      expect(data.attributes).toMatchObject({
        event: 'container.updated',
        delivery_status: 'failed',
        attempts: 3,
        last_response_status: 503,
        last_response_body: 'upstream down',
        last_error: 'answered 503',
        last_attempted_at: at(1.2).toISOString(),
        next_attempt_at: null,
        created_at: at(1).toISOString(),
      });
      expect((response.json!['included'] as { id: string }[]).map((r) => r.id)).toEqual([webhookA]);
    });

    it('lists only the caller’s notifications', async () => {
      const { data } = await list('', stranger.key);
      expect(data).toHaveLength(1);
      expect(data.some((n) => [delivered, failed, pending].includes(n.id))).toBe(false);
    });
  });

  describe('examples', () => {
    it('shows the payload a receiver gets for an event', async () => {
      const response = await call(app, 'GET', '/v2/webhook_notifications/examples?event=container.updated', { key: owner.key });
      expect(response.status).toBe(200);
      const data = response.json!['data'] as { type: string; attributes: { event: string } }[];
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        type: 'webhook_notification',
        attributes: { event: 'container.updated', delivery_status: 'pending' },
      });
      const included = response.json!['included'] as { type: string; attributes: Record<string, unknown> }[];
      expect(included[0]!.type).toBe('container_updated_event');
      expect(included[0]!.attributes['changeset']).toMatchObject({ available_for_pickup: [false, true] });
    });

    it('without an event, shows the example of tracking_request.succeeded (the parameter is optional, as in the reference)', async () => {
      for (const query of ['', '?event=']) {
        const response = await call(app, 'GET', `/v2/webhook_notifications/examples${query}`, { key: owner.key });
        expect(response.status).toBe(200);
        expect(response.json!['data']).toMatchObject([{ attributes: { event: 'tracking_request.succeeded' } }]);
        expect((response.json!['included'] as { type: string }[]).map((resource) => resource.type)).toEqual(
          expect.arrayContaining(['tracking_request', 'shipment', 'container']),
        );
      }
    });

    it.each([['an unknown event, named', '?event=container.teleported', 'container.teleported']])(
      'answers 400 to %s',
      async (_label, query, detail) => {
        const response = await call(app, 'GET', `/v2/webhook_notifications/examples${query}`, { key: owner.key });
        expect(response.status).toBe(400);
        const [error] = response.json!['errors'] as { detail: string; source: { parameter: string } }[];
        expect(error).toMatchObject({ source: { parameter: 'event' } });
        expect(error!.detail).toContain(detail);
      },
    );
  });

  describe('redelivery', () => {
    it('redelivers one notification: back to pending with attempts 0, a delivery queued, an older series closed', async () => {
      const webhook = await createWebhook(owner);
      const id = await seed(owner, webhook, 'container.updated', at(10));
      await attempt(id, 503, 'failed', at(10.1));
      // A series still open (e.g. a retry row) must not run beside the new one.
      await inFixtureTransaction(ctx.db.dataSource, (manager) =>
        new OutboxRepository(ctx.db.dataSource).enqueue(manager, {
          queue: QUEUE.webhookDelivery,
          jobName: JOB.deliver,
          payload: { notificationId: id },
          accountId: owner.account.id,
          availableAt: at(11),
        }),
      );

      const response = await call(app, 'POST', `/v2/webhook_notifications/${id}/redeliver`, { key: owner.key });
      expect(response.status).toBe(202);
      expect((response.json!['data'] as NotificationResource).attributes).toMatchObject({
        delivery_status: 'pending',
        attempts: 0,
        last_error: null,
      });
      expect(await openDeliveries(id)).toBe(1);
      const [row] = await ctx.db.dataSource.query<{ available_at: Date }[]>(
        `SELECT available_at FROM outbox WHERE queue = $1 AND completed_at IS NULL AND payload->>'notificationId' = $2`,
        [QUEUE.webhookDelivery, id],
      );
      expect(row!.available_at.getTime()).toBeLessThanOrEqual(Date.now());
      const read = await call(app, 'GET', `/v2/webhook_notifications/${id}`, { key: owner.key });
      expect((read.json!['data'] as NotificationResource).attributes.delivery_status).toBe('pending');
    });

    it('redelivers in bulk the failed notifications created since a time, and says how many', async () => {
      const bulk = await ctx.account({ company: 'Bulk' });
      const webhookA = await createWebhook(bulk);
      const webhookB = await createWebhook(bulk);
      const before = await seed(bulk, webhookA, 'container.updated', at(20));
      const failedA = await seed(bulk, webhookA, 'container.updated', at(21));
      const failedB = await seed(bulk, webhookB, 'tracking_request.succeeded', at(22));
      const succeeded = await seed(bulk, webhookA, 'container.updated', at(23));
      for (const id of [before, failedA, failedB]) await attempt(id, 500, 'failed', at(24));
      await attempt(succeeded, 200, 'succeeded', at(24));

      const onlyB = await call(app, 'POST', '/v2/webhook_notifications/redeliver', {
        key: bulk.key,
        body: { data: { type: 'webhook_notification_redelivery', attributes: { since: at(20.5).toISOString(), webhook_id: webhookB } } },
      });
      expect(onlyB.status).toBe(202);
      expect(onlyB.json!['meta']).toMatchObject({ queued: 1, notification_ids: [failedB], webhook_id: webhookB, limit: 1000 });

      const all = await call(app, 'POST', `/v2/webhook_notifications/redeliver?since=${encodeURIComponent(at(20.5).toISOString())}`, {
        key: bulk.key,
      });
      expect(all.status).toBe(202);
      expect(all.json!['meta']).toMatchObject({ queued: 1, notification_ids: [failedA], since: at(20.5).toISOString(), webhook_id: null });

      const { data } = await list('', bulk.key);
      expect(Object.fromEntries(data.map((n) => [n.id, n.attributes.delivery_status]))).toEqual({
        [before]: 'failed',
        [failedA]: 'pending',
        [failedB]: 'pending',
        [succeeded]: 'succeeded',
      });
      expect([await openDeliveries(failedA), await openDeliveries(failedB), await openDeliveries(before)]).toEqual([1, 1, 0]);
    });

    it.each<[string, string, unknown, number, string]>([
      ['no since (query form)', '', undefined, 400, 'since'],
      ['a since that is not a time (query form)', '?since=yesterday', undefined, 400, 'since'],
      ['no since (body form)', '', { data: { attributes: {} } }, 422, '/data/attributes/since'],
      [
        'a webhook_id that is not an id (body form)',
        '',
        { data: { attributes: { since: '2026-08-14T00:00:00Z', webhook_id: 'x' } } },
        422,
        '/data/attributes/webhook_id',
      ],
    ])('refuses %s', async (_label, query, body, status, where) => {
      const response = await call(app, 'POST', `/v2/webhook_notifications/redeliver${query}`, {
        key: owner.key,
        ...(body !== undefined ? { body } : {}),
      });
      expect(response.status).toBe(status);
      const [error] = response.json!['errors'] as { source: { parameter?: string; pointer?: string } }[];
      expect(error!.source.parameter ?? error!.source.pointer).toBe(where);
    });

    it('refuses a bulk redelivery for another account’s webhook (401) or an unknown one (404)', async () => {
      const theirs = await createWebhook(stranger);
      const since = '2026-01-01T00:00:00Z';
      expect(
        (await call(app, 'POST', `/v2/webhook_notifications/redeliver?since=${since}&webhook_id=${theirs}`, { key: owner.key })).status,
      ).toBe(401);
      expect(
        (await call(app, 'POST', `/v2/webhook_notifications/redeliver?since=${since}&webhook_id=${randomUUID()}`, { key: owner.key }))
          .status,
      ).toBe(404);
    });
  });
});
