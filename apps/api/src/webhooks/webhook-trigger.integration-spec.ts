import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { TriggerReport } from './trigger-webhook.use-case';
import { ApiTestContext, call } from '../test/api-test-app';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A receiver on 127.0.0.1 that records what it gets; each path answers its own way. */
class Receiver {
  readonly received: Received[] = [];
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({
          method: request.method ?? '',
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        this.answer(path, response);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  private answer(path: string, response: ServerResponse): void {
    if (path.startsWith('/ok')) return void response.writeHead(200, { 'content-type': 'text/plain', 'x-receiver': 'yes' }).end('thanks');
    if (path.startsWith('/down')) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance until noon');
    if (path.startsWith('/moved')) return void response.writeHead(301, { location: `${this.url}/ok` }).end();
    if (path.startsWith('/huge')) return void response.writeHead(200).end('x'.repeat(100 * 1024));
    if (path.startsWith('/hang')) return; // never answers
    response.writeHead(404).end();
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  last(): Received {
    const request = this.received.at(-1);
    if (!request) throw new Error('the receiver got nothing');
    return request;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** When the last trigger call started (ms since the epoch): the earliest a delivery can be signed. */
let triggeredAt = 0;

/** The documented algorithm, written again here from docs/webhooks.md with node:crypto only. */
function expectSignedBy(secret: string, request: Received): void {
  const key = Buffer.from(secret, 'utf8');
  const hex = createHmac('sha256', key).update(request.body, 'utf8').digest('hex');
  expect(request.headers['x-t49-webhook-signature']).toBe(hex);
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  // Signed during the call, between the trigger and the arrival: no bound on how long that took.
  expect(Number(timestamp)).toBeGreaterThanOrEqual(Math.floor(triggeredAt / 1000));
  expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(request.at / 1000));
  const standard = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`, 'utf8').digest('base64');
  expect(request.headers['webhook-signature']).toBe(`v1,${standard}`);
}

describe('POST /v2/webhooks/trigger: a test delivery to a local receiver, signed like real deliveries', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TRIGGER_TIMEOUT_MS: 1_500 });
    owner = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
    await receiver.stop();
  });

  async function createWebhook(key: string, path: string): Promise<{ id: string; secret: string }> {
    const response = await call(app, 'POST', '/v2/webhooks', {
      key,
      body: {
        data: {
          type: 'webhook',
          attributes: { url: `${receiver.url}${path}`, events: ['container.updated'], headers: [{ name: 'X-Tenant', value: 'acme' }] },
        },
      },
    });
    expect(response.status).toBe(201);
    const data = response.json!['data'] as { id: string; attributes: { secret: string } };
    return { id: data.id, secret: data.attributes.secret };
  }

  async function trigger(
    body: unknown,
    key = owner.key,
  ): Promise<{ status: number; report: TriggerReport; json: Record<string, unknown> | undefined }> {
    triggeredAt = Date.now();
    const response = await call(app, 'POST', '/v2/webhooks/trigger', { key, body });
    return { status: response.status, report: response.json as unknown as TriggerReport, json: response.json };
  }

  it('sends the example payload to a registered webhook with its secret and headers, and reports the answer', async () => {
    const webhook = await createWebhook(owner.key, '/ok/registered');
    const { status, report } = await trigger({ webhook_id: webhook.id, event: 'tracking_request.succeeded' });
    expect(status).toBe(200);
    const request = receiver.last();
    expect(request).toMatchObject({ method: 'POST', path: '/ok/registered' });
    expectSignedBy(webhook.secret, request);
    expect(request.headers['x-tenant']).toBe('acme');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(report.notification_id);

    const payload = JSON.parse(request.body) as {
      data: { id: string; type: string; attributes: { event: string }; relationships: { webhook: { data: { id: string } } } };
      included: { type: string }[];
    };
    expect(payload.data).toMatchObject({
      id: report.notification_id,
      type: 'webhook_notification',
      attributes: { event: 'tracking_request.succeeded' },
    });
    expect(payload.data.relationships.webhook.data.id).toBe(webhook.id);
    expect(payload.included[0]!.type).toBe('tracking_request');

    expect(report).toMatchObject({
      url: `${receiver.url}/ok/registered`,
      event: 'tracking_request.succeeded',
      webhook_id: webhook.id,
      succeeded: true,
      error: null,
      status_code: 200,
      response_body: 'thanks',
      request_body: request.body,
    });
    expect(report.response_headers).toMatchObject({ 'x-receiver': 'yes' });
    expect(report.request_headers).toMatchObject({
      'x-t49-webhook-signature': request.headers['x-t49-webhook-signature'],
      'X-Tenant': 'acme',
    });
    expect(report.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('takes the established API’s flat body (url, event, secret) and signs with the secret given', async () => {
    const { status, report } = await trigger({
      url: `${receiver.url}/ok/flat`,
      event: 'container.updated',
      secret: 'optional-test-secret',
    });
    expect(status).toBe(200);
    expect(report).toMatchObject({ succeeded: true, status_code: 200, webhook_id: null });
    expectSignedBy('optional-test-secret', receiver.last());
  });

  it('sends unsigned (id and timestamp only) when no secret is given', async () => {
    await trigger({ url: `${receiver.url}/ok/unsigned`, event: 'container.created' });
    const request = receiver.last();
    expect(request.headers['webhook-id']).toBeDefined();
    expect(request.headers['x-t49-webhook-signature']).toBeUndefined();
    expect(request.headers['webhook-signature']).toBeUndefined();
  });

  it('accepts the members under data.attributes too', async () => {
    const { status, report } = await trigger({
      data: { type: 'webhook_trigger', attributes: { url: `${receiver.url}/ok/wrapped`, event: 'shipment.estimated.arrival' } },
    });
    expect(status).toBe(200);
    expect(report.succeeded).toBe(true);
  });

  it.each([
    ['a 503', '/down', { succeeded: false, status_code: 503, response_body: 'maintenance until noon' }, 'only 200, 201, 202 and 204'],
    ['a redirect, not followed', '/moved', { succeeded: false, status_code: 301 }, 'not followed'],
    ['no answer within the timeout', '/hang', { succeeded: false, status_code: null, response_body: null }, 'no answer within 1500 ms'],
  ])('reports %s as a failed attempt', async (_label, path, expected, error) => {
    const before = receiver.received.filter((r) => r.path.startsWith('/ok')).length;
    const { status, report } = await trigger({ url: `${receiver.url}${path}`, event: 'container.updated', secret: 's' });
    expect(status).toBe(200);
    expect(report).toMatchObject(expected);
    expect(report.error).toContain(error);
    // A redirect is never followed to its target.
    expect(receiver.received.filter((r) => r.path.startsWith('/ok')).length).toBe(before);
  });

  it('keeps at most 20 KB of a long answer', async () => {
    const { report } = await trigger({ url: `${receiver.url}/huge`, event: 'container.updated' });
    expect(report.succeeded).toBe(true);
    expect(Buffer.byteLength(report.response_body!)).toBe(20 * 1024);
  });

  it.each<[string, unknown, string, string]>([
    ['no event', { url: 'http://127.0.0.1:9/x' }, '/event', 'string'],
    ['an unknown event', { url: 'http://127.0.0.1:9/x', event: 'container.teleported' }, '/event', 'container.teleported'],
    ['neither url nor webhook_id', { event: 'container.updated' }, '/url', 'url is required'],
    [
      'webhook_id with a url',
      { event: 'container.updated', url: 'http://127.0.0.1:9/x', webhook_id: '0f0e0d0c-0b0a-4908-8706-050403020100' },
      '/webhook_id',
      'alone',
    ],
    ['a wrapped body without event', { data: { attributes: { url: 'http://127.0.0.1:9/x' } } }, '/data/attributes/event', 'string'],
    ['a URL outside the allow list', { url: 'http://10.0.0.1/x', event: 'container.updated' }, '/url', 'private'],
  ])('refuses %s with 422', async (_label, body, pointer, detail) => {
    const { status, json } = await trigger(body);
    expect(status).toBe(422);
    const errors = json!['errors'] as { source: { pointer: string }; detail: string }[];
    expect(errors.find((e) => e.source.pointer === pointer)?.detail).toContain(detail);
  });

  it('answers 401 for another account’s webhook and 404 for an unknown one, sending nothing', async () => {
    const stranger = await ctx.account({ company: 'Stranger' });
    const theirs = await createWebhook(stranger.key, '/ok/theirs');
    const count = receiver.received.length;
    expect((await trigger({ webhook_id: theirs.id, event: 'container.updated' })).status).toBe(401);
    expect((await trigger({ webhook_id: '0f0e0d0c-0b0a-4908-8706-050403020100', event: 'container.updated' })).status).toBe(404);
    expect(receiver.received.length).toBe(count);
  });
});
