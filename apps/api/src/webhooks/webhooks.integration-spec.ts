import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { WebhookEntity } from '@quayside/data-access';
import { EVENT_NAMES } from '@quayside/domain';
import { ApiTestContext, call } from '../test/api-test-app';

interface WebhookResource {
  id: string;
  type: string;
  attributes: {
    url: string;
    active: boolean;
    events: string[];
    secret: string;
    headers: { name: string; value: string }[];
    created_at: string;
    updated_at: string;
    deactivated_reason: string | null;
    deactivated_at: string | null;
    failing_since: string | null;
  };
  links: { self: string };
}

interface ApiError {
  status: string;
  title: string;
  detail: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

const DAY = 24 * 60 * 60 * 1000;
const RECEIVER = 'http://127.0.0.1:9/hooks';

const body = (attributes: Record<string, unknown>, type = 'webhook'): unknown => ({ data: { type, attributes } });

describe('webhooks: registration, events catalog, egress addresses', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_EGRESS_IPS: '198.51.100.7, 2001:db8::7',
    });
    owner = await ctx.account({ company: 'Owner' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function create(key: string, attributes: Record<string, unknown>): Promise<WebhookResource> {
    const response = await call(app, 'POST', '/v2/webhooks', { key, body: body(attributes) });
    expect(response.status).toBe(201);
    return response.json!['data'] as WebhookResource;
  }

  const errorsOf = (json: Record<string, unknown> | undefined): ApiError[] => json!['errors'] as ApiError[];

  it('creates a webhook with a generated secret, shows it as the established API does, and reads it back', async () => {
    const created = await call(app, 'POST', '/v2/webhooks', {
      key: owner.key,
      body: body({
        url: RECEIVER,
        events: ['tracking_request.succeeded', 'container.updated'],
        headers: [{ name: 'X-Secret-Sauce', value: 'sriracha' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    const webhook = created.json!['data'] as WebhookResource;
    expect(webhook).toMatchObject({
      type: 'webhook',
      attributes: {
        url: RECEIVER,
        active: true,
        events: ['tracking_request.succeeded', 'container.updated'],
        headers: [{ name: 'X-Secret-Sauce', value: 'sriracha' }],
        deactivated_reason: null,
        deactivated_at: null,
      },
      links: { self: `/v2/webhooks/${webhook.id}` },
    });
    expect(webhook.attributes.secret).toMatch(/^[0-9a-f]{64}$/);

    const read = await call(app, 'GET', `/v2/webhooks/${webhook.id}`, { key: owner.key });
    expect(read.status).toBe(200);
    expect(read.json!['data']).toEqual(webhook);

    const other = await create(owner.key, { url: RECEIVER, events: ['container.created'], active: false });
    expect(other.attributes.secret).not.toBe(webhook.attributes.secret);
    expect(other.attributes.active).toBe(false);
  });

  it('lists the account’s webhooks oldest first, paginated, and never another account’s', async () => {
    const lister = await ctx.account({ company: 'Lister' });
    const first = await create(lister.key, { url: RECEIVER, events: ['container.created'] });
    const second = await create(lister.key, { url: RECEIVER, events: ['container.updated'] });
    const third = await create(lister.key, { url: RECEIVER, events: ['container.pickup_lfd.changed'] });
    const stranger = await ctx.account({ company: 'Stranger' });
    await create(stranger.key, { url: RECEIVER, events: ['container.created'] });

    const all = await call(app, 'GET', '/v2/webhooks', { key: lister.key });
    expect(all.status).toBe(200);
    expect((all.json!['data'] as WebhookResource[]).map((w) => w.id)).toEqual([first.id, second.id, third.id]);
    expect(all.json!['meta']).toEqual({ size: 30, total: 3 });

    const page2 = await call(app, 'GET', '/v2/webhooks?page[size]=2&page[number]=2', { key: lister.key });
    expect((page2.json!['data'] as WebhookResource[]).map((w) => w.id)).toEqual([third.id]);
    expect((page2.json!['links'] as Record<string, string>)['prev']).toContain('page%5Bnumber%5D=1');
  });

  it('changes what PATCH sends and keeps the rest; DELETE removes it', async () => {
    const webhook = await create(owner.key, { url: RECEIVER, events: ['container.created'], headers: [{ name: 'X-A', value: '1' }] });
    const patched = await call(app, 'PATCH', `/v2/webhooks/${webhook.id}`, {
      key: owner.key,
      body: body({ events: ['container.updated', 'shipment.estimated.arrival'], url: 'http://127.0.0.1:9/other' }),
    });
    expect(patched.status).toBe(200);
    expect((patched.json!['data'] as WebhookResource).attributes).toMatchObject({
      url: 'http://127.0.0.1:9/other',
      events: ['container.updated', 'shipment.estimated.arrival'],
      headers: [{ name: 'X-A', value: '1' }],
      secret: webhook.attributes.secret,
      active: true,
    });
    const cleared = await call(app, 'PATCH', `/v2/webhooks/${webhook.id}`, {
      key: owner.key,
      body: body({ headers: null, active: false }),
    });
    expect((cleared.json!['data'] as WebhookResource).attributes).toMatchObject({ headers: [], active: false, deactivated_reason: null });

    expect((await call(app, 'DELETE', `/v2/webhooks/${webhook.id}`, { key: owner.key })).status).toBe(204);
    expect((await call(app, 'GET', `/v2/webhooks/${webhook.id}`, { key: owner.key })).status).toBe(404);
    expect((await call(app, 'DELETE', `/v2/webhooks/${webhook.id}`, { key: owner.key })).status).toBe(404);
  });

  it('shows why the dispatcher turned a failing webhook off, and clears it when turned back on', async () => {
    const webhook = await create(owner.key, { url: RECEIVER, events: ['container.updated'] });
    const deactivatedAt = new Date(Date.now() - 60_000);
    const reason = 'deactivated after 120 hours of failed deliveries without a success; last error: answered 500';
    await ctx.db.dataSource.getRepository(WebhookEntity).update(webhook.id, {
      active: false,
      deactivated_reason: reason,
      deactivated_at: deactivatedAt,
      failing_since: new Date(Date.now() - 6 * DAY),
    });

    const off = (await call(app, 'GET', `/v2/webhooks/${webhook.id}`, { key: owner.key })).json!['data'] as WebhookResource;
    expect(off.attributes).toMatchObject({ active: false, deactivated_reason: reason, deactivated_at: deactivatedAt.toISOString() });

    const on = await call(app, 'PATCH', `/v2/webhooks/${webhook.id}`, { key: owner.key, body: body({ active: true }) });
    expect(on.status).toBe(200);
    expect((on.json!['data'] as WebhookResource).attributes).toMatchObject({
      active: true,
      deactivated_reason: null,
      deactivated_at: null,
      failing_since: null,
    });
  });

  it.each<[string, Record<string, unknown>, string[], string]>([
    ['no events', { url: RECEIVER, events: [] }, ['/data/attributes/events'], ''],
    ['events missing', { url: RECEIVER }, ['/data/attributes/events'], ''],
    [
      'an unknown event, named at its index',
      { url: RECEIVER, events: ['container.updated', 'container.teleported'] },
      ['/data/attributes/events/1'],
      'container.teleported',
    ],
    [
      'an event listed twice',
      { url: RECEIVER, events: ['container.updated', 'container.updated'] },
      ['/data/attributes/events/1'],
      'more than once',
    ],
    [
      'the rail LFD event without the rail_lfd feature',
      { url: RECEIVER, events: ['container.pickup_lfd_rail.changed'] },
      ['/data/attributes/events/0'],
      'rail_lfd',
    ],
    [
      'a Host header',
      { url: RECEIVER, events: ['container.updated'], headers: [{ name: 'Host', value: 'internal' }] },
      ['/data/attributes/headers/0/name'],
      '',
    ],
    [
      'a Content-Length header',
      { url: RECEIVER, events: ['container.updated'], headers: [{ name: 'content-length', value: '0' }] },
      ['/data/attributes/headers/0/name'],
      '',
    ],
    [
      'our signature header',
      { url: RECEIVER, events: ['container.updated'], headers: [{ name: 'X-T49-Webhook-Signature', value: 'x' }] },
      ['/data/attributes/headers/0/name'],
      '',
    ],
    [
      'a header without a value',
      { url: RECEIVER, events: ['container.updated'], headers: [{ name: 'X-A' }] },
      ['/data/attributes/headers/0/value'],
      '',
    ],
    ['a URL that is not a URL', { url: 'not a url', events: ['container.updated'] }, ['/data/attributes/url'], 'not a valid absolute URL'],
    [
      'a URL and an event both wrong',
      { url: 'ftp://127.0.0.1/x', events: ['nope'] },
      ['/data/attributes/url', '/data/attributes/events/0'],
      '',
    ],
    [
      'an unknown format',
      { url: RECEIVER, events: ['container.updated'], format: 'xml' },
      ['/data/attributes/format'],
      'json_api, dcsa_tnt_3',
    ],
  ])('refuses %s with 422 pointing at the member', async (_label, attributes, pointers, detail) => {
    const response = await call(app, 'POST', '/v2/webhooks', { key: owner.key, body: body(attributes) });
    expect(response.status).toBe(422);
    const errors = errorsOf(response.json);
    expect([...new Set(errors.map((error) => error.source?.pointer))]).toEqual(pointers);
    expect(errors.every((error) => error.status === '422')).toBe(true);
    expect(errors[0]!.detail).toContain(detail);
  });

  it('subscribes a DCSA 3.0 consumer as a webhook of format dcsa_tnt_3 (docs/dcsa.md); the default stays json_api', async () => {
    const dcsa = await create(owner.key, { url: RECEIVER, events: ['container.transport.vessel_loaded'], format: 'dcsa_tnt_3' });
    expect(dcsa.attributes).toMatchObject({ format: 'dcsa_tnt_3', events: ['container.transport.vessel_loaded'] });
    expect((await create(owner.key, { url: RECEIVER, events: ['container.updated'] })).attributes).toMatchObject({ format: 'json_api' });
  });

  it('accepts the rail LFD event for an account with rail_lfd', async () => {
    const rail = await ctx.account({ features: ['rail_lfd'] });
    expect((await create(rail.key, { url: RECEIVER, events: ['container.pickup_lfd_rail.changed'] })).attributes.events).toEqual([
      'container.pickup_lfd_rail.changed',
    ]);
  });

  it('validates PATCH like creation, after ownership', async () => {
    const webhook = await create(owner.key, { url: RECEIVER, events: ['container.created'] });
    const refused = await call(app, 'PATCH', `/v2/webhooks/${webhook.id}`, {
      key: owner.key,
      body: body({ events: ['x.y'], url: 'http://10.0.0.1/' }),
    });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.json).map((error) => error.source?.pointer)).toEqual(['/data/attributes/url', '/data/attributes/events/0']);
    const unchanged = (await call(app, 'GET', `/v2/webhooks/${webhook.id}`, { key: owner.key })).json!['data'] as WebhookResource;
    expect(unchanged.attributes.events).toEqual(['container.created']);
  });

  it('lists all 43 events in the established API’s categories, each with its description and required feature', async () => {
    const response = await call(app, 'GET', '/v2/webhooks/events', { key: owner.key });
    expect(response.status).toBe(200);
    const categories = response.json!['data'] as {
      id: string;
      type: string;
      attributes: { name: string; events: { name: string; description: string; required_feature: string | null; available: boolean }[] };
    }[];
    const names = categories.flatMap((category) => category.attributes.events.map((event) => event.name));
    expect(names).toHaveLength(43);
    expect(new Set(names)).toEqual(new Set(EVENT_NAMES));
    expect(categories.every((category) => category.type === 'webhook_event_category')).toBe(true);
    expect(categories[0]).toMatchObject({ id: 'tracking-request-events', attributes: { name: 'Tracking Request Events' } });
    const events = categories.flatMap((category) => category.attributes.events);
    expect(events.every((event) => event.description.length > 0)).toBe(true);
    expect(events.find((event) => event.name === 'container.pickup_lfd_rail.changed')).toMatchObject({
      required_feature: 'rail_lfd',
      available: false,
    });
    expect(events.find((event) => event.name === 'container.updated')).toMatchObject({ required_feature: null, available: true });
    expect(response.json!['meta']).toMatchObject({ events: 43 });
  });

  it('lists the configured egress addresses in the established API’s shape', async () => {
    const response = await call(app, 'GET', '/v2/webhooks/ips', { key: owner.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      webhook_notification_ips: ['198.51.100.7', '2001:db8::7'],
      last_updated: expect.any(String) as unknown,
    });
    expect(Number.isNaN(Date.parse(response.json!['last_updated'] as string))).toBe(false);
  });

  it('is described in the OpenAPI document, every endpoint with its responses', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described).toEqual(
      expect.arrayContaining([
        'GET /v2/webhooks',
        'POST /v2/webhooks',
        'GET /v2/webhooks/{id}',
        'PATCH /v2/webhooks/{id}',
        'DELETE /v2/webhooks/{id}',
        'GET /v2/webhooks/events',
        'GET /v2/webhooks/ips',
        'POST /v2/webhooks/trigger',
        'GET /v2/webhook_notifications',
        'GET /v2/webhook_notifications/{id}',
        'GET /v2/webhook_notifications/examples',
        'POST /v2/webhook_notifications/{id}/redeliver',
        'POST /v2/webhook_notifications/redeliver',
      ]),
    );
    expect(Object.keys(document.paths['/v2/webhooks']!['post']!.responses)).toEqual(expect.arrayContaining(['201', '403', '422']));
    expect(Object.keys(document.paths['/v2/webhooks/{id}']!['get']!.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });

  describe('needs a running trial or a paid plan', () => {
    it.each([
      ['GET', '/v2/webhooks'],
      ['POST', '/v2/webhooks'],
      ['GET', '/v2/webhooks/events'],
      ['GET', '/v2/webhooks/ips'],
      ['POST', '/v2/webhooks/trigger'],
      ['GET', '/v2/webhook_notifications'],
      ['GET', '/v2/webhook_notifications/examples?event=container.updated'],
      ['POST', '/v2/webhook_notifications/redeliver?since=2026-01-01T00:00:00Z'],
    ])('free → 403 on %s %s', async (method, url) => {
      const free = await ctx.account({ plan: 'free' });
      const response = await call(app, method, url, {
        key: free.key,
        ...(method === 'POST' ? { body: body({ url: RECEIVER, events: ['container.updated'] }) } : {}),
      });
      expect(response.status).toBe(403);
      expect(errorsOf(response.json)[0]).toMatchObject({ status: '403', code: 'plan_not_allowed', meta: { plan: 'free' } });
      expect(errorsOf(response.json)[0]!.detail).toContain('webhooks');
    });

    it('an ended trial → 403; a running trial → served', async () => {
      const ended = await ctx.account({ plan: 'trial', trialEndsAt: new Date(Date.now() - DAY) });
      expect((await call(app, 'GET', '/v2/webhooks', { key: ended.key })).status).toBe(403);
      const running = await ctx.account({ plan: 'trial', trialEndsAt: new Date(Date.now() + DAY) });
      await create(running.key, { url: RECEIVER, events: ['container.updated'] });
    });
  });
});
