import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';
import type { CallOptions, InjectResult } from '../test/api-test-app';

const BODY_LIMIT = 1024 * 1024;

function expectJsonApiError(response: InjectResult, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  const errors = response.json?.['errors'] as { status: string; title: string }[] | undefined;
  expect(Array.isArray(errors)).toBe(true);
  expect(errors!.length).toBeGreaterThan(0);
  expect(errors!.every((error) => error.status === String(status) && typeof error.title === 'string')).toBe(true);
  expect(response.body).not.toMatch(/<html|at \w+ \(|node_modules|\.ts:\d+/i);
}

describe('malformed requests answer a 4xx JSON:API error, never a 5xx or HTML', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ BODY_LIMIT_BYTES: BODY_LIMIT });
    owner = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
  });

  const validBody = JSON.stringify({ data: { type: 'api_key', attributes: { name: 'x' } } });

  it.each<[string, string, string, () => CallOptions, number]>([
    ['an unknown route', 'GET', '/v2/no_such_thing', () => ({ key: owner.key }), 404],
    ['an unknown route outside /v2', 'GET', '/nothing-here', () => ({}), 404],
    ['an unknown file under /docs', 'GET', '/docs/no-such-asset.js', () => ({}), 404],
    ['an unknown route without credentials', 'GET', '/v2/no_such_thing', () => ({}), 404],
    ['a wrong method on a known path', 'PUT', '/v2/api_keys', () => ({ key: owner.key, body: validBody }), 405],
    [
      'a wrong method on a known path with an id',
      'PATCH',
      '/v2/api_keys/00000000-0000-4000-8000-000000000000',
      () => ({ key: owner.key }),
      405,
    ],
    ['malformed JSON', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: '{"data": {' }), 400],
    [
      'malformed JSON as application/json',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, body: '{nope}', headers: { 'content-type': 'application/json' } }),
      400,
    ],
    [
      'an empty JSON body',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, headers: { 'content-type': 'application/vnd.api+json' }, body: '' }),
      400,
    ],
    ['a JSON array body', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: '[1,2]' }), 400],
    ['a JSON string body', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: '"text"' }), 400],
    ['a prototype-poisoning body', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: '{"__proto__": {"x": 1}, "data": {}}' }), 400],
    [
      'an oversized body',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, body: JSON.stringify({ data: { type: 'api_key', attributes: { name: 'x'.repeat(BODY_LIMIT) } } }) }),
      413,
    ],
    [
      'a text/plain body',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, body: validBody, headers: { 'content-type': 'text/plain' } }),
      415,
    ],
    [
      'a form body',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
    ],
    ['an XML body', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: '<x/>', headers: { 'content-type': 'application/xml' } }), 415],
    [
      'a body without content type',
      'POST',
      '/v2/api_keys',
      () => ({ key: owner.key, body: validBody, headers: { 'content-type': '' } }),
      415,
    ],
    ['a validation failure', 'POST', '/v2/api_keys', () => ({ key: owner.key, body: { data: { type: 'api_key', attributes: {} } } }), 422],
    ['an id that is not a uuid', 'GET', '/v2/api_keys/not-a-uuid', () => ({ key: owner.key }), 404],
    ['an id that exists nowhere', 'GET', '/v2/api_keys/00000000-0000-4000-8000-000000000000', () => ({ key: owner.key }), 404],
    ['a percent-encoding that is not UTF-8', 'GET', '/v2/api_keys/%E0%A4%A', () => ({ key: owner.key }), 400],
    ['an unknown include path', 'GET', '/v2/api_keys?include=shipment.port_of_lading', () => ({ key: owner.key }), 400],
    ['a repeated include parameter', 'GET', '/v2/api_keys?include=a&include=b', () => ({ key: owner.key }), 400],
    ['missing credentials', 'GET', '/v2/api_keys', () => ({}), 401],
  ])('%s (%s %s)', async (_label, method, url, options, status) => {
    expectJsonApiError(await call(app, method, url, options()), status);
  });

  it('names the allowed methods on 405', async () => {
    const response = await call(app, 'PUT', '/v2/api_keys', { key: owner.key, body: validBody });
    expect(response.headers['allow']).toBe('GET, POST');
  });

  it('says which body types are accepted on 415', async () => {
    const response = await call(app, 'POST', '/v2/api_keys', {
      key: owner.key,
      body: validBody,
      headers: { 'content-type': 'text/plain' },
    });
    expect((response.json!['errors'] as { detail: string }[])[0]!.detail).toContain('application/vnd.api+json');
  });

  it('answers successful /v2 responses as application/vnd.api+json', async () => {
    const response = await call(app, 'GET', '/v2/account', { key: owner.key });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  });

  it('answers an unexpected failure with a generic 500 JSON:API body, without internals', async () => {
    const broken = await ApiTestContext.create();
    try {
      const brokenApp = await broken.startApp();
      const account = await broken.account();
      // The key lookup now fails inside the database driver: an exception nobody expected.
      await broken.db.dataSource.query('ALTER TABLE api_keys RENAME COLUMN key_hash TO key_hash_gone');
      const response = await call(brokenApp, 'GET', '/v2/account', { key: account.key });
      expect(response.status).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(response.json).toEqual({
        errors: [{ status: '500', title: 'Internal Server Error', detail: expect.any(String) as unknown, code: 'internal_error' }],
      });
      expect(response.body).not.toMatch(/key_hash|column|api_keys|stack|\.ts:/i);
    } finally {
      await broken.close();
    }
  });
});
