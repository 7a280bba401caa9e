import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import type { AddressInfo } from 'node:net';
import { ApiTestContext } from '../test/api-test-app';
import type { RawAnswer, RawRequest } from '../test/raw-http';
import { rawRequest } from '../test/raw-http';

const BODY_LIMIT = 1024 * 1024;

const LISTS = [
  '/v2/containers',
  '/v2/shipments',
  '/v2/tracking_requests',
  '/v2/webhooks',
  '/v2/webhook_notifications',
  '/v2/parties',
  '/v2/api_keys',
  '/v2/shipping_lines',
];

/** A client sees an answer, not a reset, and the answer is a JSON:API error document. */
function expectJsonApiAnswer(answer: RawAnswer, status: number): void {
  expect({ status: answer.status, socketError: answer.socketError }).toEqual({ status, socketError: undefined });
  expect(answer.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  const [error] = (JSON.parse(answer.body) as { errors: { status: string; title: unknown }[] }).errors;
  expect(error?.status).toBe(String(status));
  expect(typeof error?.title).toBe('string');
}

describe('hostile input over a real socket: every request gets a JSON:API answer, never a 5xx or a reset', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let port: number;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ BODY_LIMIT_BYTES: BODY_LIMIT, RATE_LIMIT_DEFAULT: 100_000 });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    owner = await ctx.account({ features: [...ACCOUNT_FEATURES] });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const head = (method: string, path: string, extra: string[] = []): string =>
    [`${method} ${path} HTTP/1.1`, 'host: localhost', `authorization: Token ${owner.key}`, ...extra].join('\r\n') + '\r\n\r\n';
  const post = (path: string, body: Buffer | string, extra: string[] = []): RawRequest => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return {
      head: head('POST', path, ['content-type: application/vnd.api+json', `content-length: ${bytes.length}`, ...extra]),
      body: bytes,
    };
  };
  const document = (type: string, attributes: Record<string, unknown>): string => JSON.stringify({ data: { type, attributes } });

  describe('text PostgreSQL cannot store is refused at the edge', () => {
    it.each<[string, () => RawRequest, number, Record<string, string>]>([
      ['NUL in a filter value', () => ({ head: head('GET', '/v2/containers?filter[number]=%00') }), 400, { parameter: 'filter[number]' }],
      ['NUL in a sort', () => ({ head: head('GET', '/v2/shipments?sort=%00') }), 400, { parameter: 'sort' }],
      ['NUL in a path id', () => ({ head: head('GET', '/v2/shipping_lines/%00') }), 400, {}],
      [
        "NUL in a party's company name",
        () => post('/v2/parties', document('party', { company_name: 'ACME\u0000' })),
        422,
        { pointer: '/data/attributes/company_name' },
      ],
      [
        "NUL in a key's name",
        () => post('/v2/api_keys', document('api_key', { name: 'ci\u0000' })),
        422,
        { pointer: '/data/attributes/name' },
      ],
      [
        "NUL in a webhook's URL",
        () => post('/v2/webhooks', document('webhook', { url: 'https://example.com/\u0000', active: true })),
        422,
        { pointer: '/data/attributes/url' },
      ],
      [
        'a member named constructor inside an attribute (found by the fuzz suite: a 500 in class-transformer)',
        () => post('/v2/parties', '{"data":{"type":"party","attributes":{"company_name":{"constructor":"x"}}}}'),
        422,
        { pointer: '/data/attributes/company_name/constructor' },
      ],
      [
        'an unpaired surrogate in a tag',
        () => post('/v2/parties', '{"data":{"type":"party","attributes":{"company_name":"A","tags":["\\ud800"]}}}'),
        422,
        {},
      ],
    ])('%s', async (_label, request, status, source) => {
      const answer = await rawRequest(port, request());
      expectJsonApiAnswer(answer, status);
      const [error] = (JSON.parse(answer.body) as { errors: { source?: Record<string, string> }[] }).errors;
      if (Object.keys(source).length > 0) expect(error?.source).toEqual(source);
    });
  });

  describe('bodies are bounded before they are parsed', () => {
    it('a body nested 10,000 levels deep → 400', async () => {
      const deep = `{"data":{"type":"api_key","attributes":{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
      const answer = await rawRequest(port, post('/v2/api_keys', deep));
      expectJsonApiAnswer(answer, 400);
      expect(answer.body).toContain('nested more than 32 levels');
    });

    it('a 10 MB body still being written when refused → the client reads 413, no reset', async () => {
      expectJsonApiAnswer(
        await rawRequest(port, { ...post('/v2/api_keys', Buffer.alloc(10 * 1024 * 1024, 0x61)), bodyAfterAnswer: true }),
        413,
      );
    });

    it('a chunked body that grows past the limit → 413, no reset', async () => {
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const chunked = Buffer.concat(
        Array.from({ length: 8 }, () =>
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
        ).concat(Buffer.from('0\r\n\r\n')),
      );
      const answer = await rawRequest(port, {
        head: head('POST', '/v2/api_keys', ['content-type: application/vnd.api+json', 'transfer-encoding: chunked']),
        body: chunked,
      });
      expectJsonApiAnswer(answer, 413);
    });

    it('Expect: 100-continue with a declared size over the limit → 413 before any byte of the body', async () => {
      const answer = await rawRequest(port, {
        head: head('POST', '/v2/api_keys', [
          'content-type: application/vnd.api+json',
          `content-length: ${10 * BODY_LIMIT}`,
          'expect: 100-continue',
        ]),
      });
      expectJsonApiAnswer(answer, 413);
      expect(answer.interim).toEqual([]);
    });

    it('Expect: 100-continue within the limit → 100 Continue, then the request is served', async () => {
      const body = Buffer.from(document('api_key', { name: 'continued' }));
      const answer = await rawRequest(port, { ...post('/v2/api_keys', body, ['expect: 100-continue']), bodyAfterAnswer: true });
      expect({ interim: answer.interim, status: answer.status }).toEqual({ interim: [100], status: 201 });
    });

    it('a body that is not UTF-8 → 400', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"data":{"type":"api_key","attributes":{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}}}'),
      ]);
      const answer = await rawRequest(port, post('/v2/api_keys', bytes));
      expectJsonApiAnswer(answer, 400);
      expect(answer.body).toContain('not valid UTF-8');
    });
  });

  describe('every request gets an answer', () => {
    it.each(LISTS)('include[]=shipment on %s → 400 naming the parameter', async (path) => {
      const answer = await rawRequest(port, { head: head('GET', `${path}?include[]=shipment`) });
      expectJsonApiAnswer(answer, 400);
      expect(answer.body).toContain('"parameter":"include[]"');
    });

    it.each(['/v2/containers', '/v2/api_keys/00000000-0000-4000-8000-000000000000', '/health/live', '/v2/nothing'])(
      'PURGE %s → 405 or 404',
      async (path) => {
        const answer = await rawRequest(port, { head: head('PURGE', path) });
        expect([404, 405]).toContain(answer.status);
        expectJsonApiAnswer(answer, answer.status!);
      },
    );

    it('a method the HTTP parser does not know → 405', async () => {
      expectJsonApiAnswer(await rawRequest(port, { head: head('BREW', '/v2/containers') }), 405);
    });

    it('500 request headers → 431', async () => {
      const headers = Array.from({ length: 500 }, (_, index) => `x-h${index}: ${'v'.repeat(40)}`);
      expectJsonApiAnswer(await rawRequest(port, { head: head('GET', '/v2/containers', headers) }), 431);
    });

    it('one header of 64 KiB → 431', async () => {
      expectJsonApiAnswer(await rawRequest(port, { head: head('GET', '/v2/containers', [`x-big: ${'v'.repeat(64 * 1024)}`]) }), 431);
    });

    it('a request line the parser cannot read → 400', async () => {
      expectJsonApiAnswer(
        await rawRequest(port, {
          head: 'GET /v2/containers HTTP/1.1\r\nhost: localhost\r\ncontent-length: 1\r\ntransfer-encoding: chunked\r\n\r\n',
        }),
        400,
      );
    });

    it('the server keeps serving after all of the above', async () => {
      const answer = await rawRequest(port, { head: head('GET', '/v2/api_keys') });
      expect(answer.status).toBe(200);
    });
  });
});
