import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createContainer, createParty, createShipment } from '@quayside/testing';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiTestContext, call } from '../test/api-test-app';
import { encode, hostileBody, hostileString, operationsOf } from '../test/hostile-arbitraries';
import type { HostileBody, Operation } from '../test/hostile-arbitraries';
import { rawRequest } from '../test/raw-http';
import { seedWebhook, seedWebhookNotification } from '../test/webhook-fixtures';

// Bounded in `npm test`; QUAYSIDE_FUZZ_RUNS=20000 for a long run.
const RUNS = Number(process.env['QUAYSIDE_FUZZ_RUNS'] ?? '150');
const TYPES = ['api_key', 'party', 'party_role', 'webhook', 'tracking_request', 'shipment', 'container', 'webhook_notification_redelivery'];

interface Sent {
  method: string;
  target: string;
  headers: string[];
  body?: Buffer;
}

describe('fuzzing every route of the OpenAPI document with hostile input', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let port: number;
  let operations: Operation[];
  let logDir: string;
  let logFile: string;
  let caller: ProvisionedAccount;
  let other: ProvisionedAccount;
  const ids: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    logDir = mkdtempSync(path.join(tmpdir(), 'quayside-fuzz-'));
    logFile = path.join(logDir, 'api.log');
    app = await ctx.startApp({
      LOG_LEVEL: 'debug',
      LOG_FILE: logFile,
      RATE_LIMIT_DEFAULT: 1_000_000,
      RATE_LIMIT_CREATE_TRACKING_REQUEST: 1_000_000,
      RATE_LIMIT_INFER_NUMBER: 1_000_000,
      RATE_LIMIT_REFRESH: 1_000_000,
      WEBHOOK_TRIGGER_TIMEOUT_MS: 1000,
    });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    caller = await ctx.account({ features: [...ACCOUNT_FEATURES] });
    other = await ctx.account({ company: 'Other', plan: 'free', trialEndsAt: null });
    secrets.push(caller.key, other.key);
    // Real ids of both accounts, so generated requests also reach records that exist.
    for (const account of [caller, other]) {
      const shipment = await createShipment(ctx.db.dataSource, account.account.id);
      const container = await createContainer(ctx.db.dataSource, account.account.id, { shipment_id: shipment.id });
      const party = await createParty(ctx.db.dataSource, account.account.id);
      const webhook = await seedWebhook(ctx.db.dataSource, account.account.id);
      const notification = await seedWebhookNotification(ctx.db.dataSource, account.account.id, webhook, 'container.updated');
      ids.push(shipment.id, container.id, party.id, webhook, notification);
    }
    const spare = await call(app, 'POST', '/v2/api_keys', {
      key: caller.key,
      body: { data: { type: 'api_key', attributes: { name: 'spare' } } },
    });
    ids.push((spare.json!['data'] as { id: string }).id);
    const stored = await ctx.db.dataSource.query<{ value: string }[]>(
      `SELECT secret AS value FROM webhooks UNION ALL SELECT key_hash FROM api_keys`,
    );
    secrets.push(...stored.map((row) => row.value));
    const document = await call(app, 'GET', '/docs/openapi.json');
    operations = operationsOf(document.json as unknown as Parameters<typeof operationsOf>[0]);
  });

  afterAll(async () => {
    await ctx.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  function requestArbitrary(): fc.Arbitrary<Sent> {
    const idOrHostile = fc.oneof(fc.constantFrom(...ids), hostileString);
    const auth = fc.oneof(
      { weight: 6, arbitrary: fc.constant(`Token ${caller.key}`) },
      fc.constant(`Token ${other.key}`),
      fc.constant(`Bearer ${caller.key}`),
      hostileString.map((text) => `Token ${text}`),
      fc.constant(''),
    );
    return fc
      .record({
        operation: fc.constantFrom(...operations),
        method: fc.oneof(
          { weight: 8, arbitrary: fc.constant('') },
          fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'PURGE', 'OPTIONS', 'HEAD'),
        ),
        pathValues: fc.array(idOrHostile, { minLength: 4, maxLength: 4 }),
        query: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                'include',
                'page[number]',
                'page[size]',
                'sort',
                'filter[number]',
                'filter[webhook_id]',
                'include[]',
                'since',
                'webhook_id',
                'filter[created_at][start]',
              ),
              hostileString,
            ),
            fc.oneof(idOrHostile, fc.constantFrom('shipment', 'containers,shipment', 'pickup_facility')),
          ),
          { maxLength: 4 },
        ),
        body: hostileBody(TYPES),
        auth,
      })
      .map(({ operation, method, pathValues, query, body, auth: authorization }) => {
        const params = [...operation.pathParams];
        const pathname = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
          encode(pathValues[params.indexOf(name) % 4] ?? ''),
        );
        const search = query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
        const headers = authorization === '' ? [] : [`authorization: ${authorization.replace(/[\r\n]/g, ' ')}`];
        const sent: Sent = { method: method || operation.method, target: search ? `${pathname}?${search}` : pathname, headers };
        if (operation.hasBody) Object.assign(sent, bodyOf(body, headers));
        return sent;
      });
  }

  function bodyOf(body: HostileBody, headers: string[]): { body: Buffer } {
    const bytes = body.kind === 'json' ? Buffer.from(JSON.stringify(body.value) ?? 'null') : body.bytes;
    const contentType = body.kind === 'json' ? 'application/vnd.api+json' : body.contentType;
    if (contentType !== '') headers.push(`content-type: ${contentType}`);
    return { body: bytes };
  }

  it(
    `answers ${RUNS} generated requests with no 5xx, no reset, and a JSON:API error body for every 4xx`,
    async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(), async (sent) => {
          const head = [
            `${sent.method} ${sent.target} HTTP/1.1`,
            'host: localhost',
            ...sent.headers,
            ...(sent.body ? [`content-length: ${sent.body.length}`] : []),
            'connection: close',
          ].join('\r\n');
          const answer = await rawRequest(port, { head: `${head}\r\n\r\n`, ...(sent.body ? { body: sent.body } : {}) });
          expect(answer.socketError).toBeUndefined();
          expect(answer.status).toBeDefined();
          expect(answer.status!).toBeLessThan(500);
          if (answer.status! >= 400 && sent.method !== 'HEAD') {
            expect(answer.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
            const [error] = (JSON.parse(answer.body) as { errors: { status: string }[] }).errors;
            expect(error?.status).toBe(String(answer.status));
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    Math.max(120_000, RUNS * 200),
  );

  it('and no log line of the whole run holds a key, a key hash or a signing secret', () => {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(RUNS / 2);
    expect(lines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});
