import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { eventually } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

describe('authentication (Authorization: Token <key>)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let deletedKey: string;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account();
    const created = await call(app, 'POST', '/v2/api_keys', {
      key: owner.key,
      body: { data: { type: 'api_key', attributes: { name: 'to delete' } } },
    });
    const data = created.json!['data'] as { id: string; attributes: { key: string } };
    deletedKey = data.attributes.key;
    expect((await call(app, 'DELETE', `/v2/api_keys/${data.id}`, { key: owner.key })).status).toBe(204);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const wellFormedUnknown = `qs_live_${'A'.repeat(43)}`;

  it.each([
    ['no Authorization header', () => ({})],
    ['an empty header', () => ({ authorization: '' })],
    ['the Bearer scheme with a valid key', () => ({ authorization: `Bearer ${owner.key}` })],
    ['the Basic scheme', () => ({ authorization: 'Basic dXNlcjpwYXNz' })],
    ['a bare key without scheme', () => ({ authorization: owner.key })],
    ['Token without a key', () => ({ authorization: 'Token' })],
    ['Token with two values', () => ({ authorization: `Token ${owner.key} extra` })],
    ['a malformed key', () => ({ authorization: 'Token not-a-key' })],
    ['a truncated key', () => ({ authorization: `Token ${owner.key.slice(0, -1)}` })],
    ['an unknown well-formed key', () => ({ authorization: `Token ${wellFormedUnknown}` })],
    ['a deleted key', () => ({ authorization: `Token ${deletedKey}` })],
  ])('%s: 401 with a JSON:API error body', async (_label, headers) => {
    const response = await call(app, 'GET', '/v2/api_keys', { headers: headers() });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(response.json).toEqual({
      errors: [expect.objectContaining({ status: '401', title: 'Unauthorized', detail: expect.any(String) as unknown })],
    });
    expect(response.body).not.toContain(owner.key);
  });

  it('tells a Bearer caller to use the Token prefix', async () => {
    const response = await call(app, 'GET', '/v2/api_keys', { headers: { authorization: `Bearer ${owner.key}` } });
    expect((response.json!['errors'] as { detail: string }[])[0]!.detail).toContain('Token');
  });

  it('accepts a live key, with the scheme in any case', async () => {
    expect((await call(app, 'GET', '/v2/account', { key: owner.key })).status).toBe(200);
    expect((await call(app, 'GET', '/v2/account', { headers: { authorization: `token ${owner.key}` } })).status).toBe(200);
  });

  it('resolves the account of the key', async () => {
    const response = await call(app, 'GET', '/v2/account', { key: owner.key });
    expect(response.json!['data']).toMatchObject({ id: owner.account.id, type: 'account', attributes: { plan: 'paid' } });
  });

  it('refuses a deleted key in every api process, though each had remembered it', async () => {
    const other = await ctx.startApp();
    const created = await call(app, 'POST', '/v2/api_keys', {
      key: owner.key,
      body: { data: { type: 'api_key', attributes: { name: 'used, then deleted' } } },
    });
    const data = created.json!['data'] as { id: string; attributes: { key: string } };
    expect((await call(app, 'GET', '/v2/account', { key: data.attributes.key })).status).toBe(200);
    expect((await call(other, 'GET', '/v2/account', { key: data.attributes.key })).status).toBe(200);

    expect((await call(app, 'DELETE', `/v2/api_keys/${data.id}`, { key: owner.key })).status).toBe(204);

    expect((await call(app, 'GET', '/v2/account', { key: data.attributes.key })).status).toBe(401);
    // The other process learns of the deletion through Redis: it arrives after the 204.
    expect(
      (
        await eventually(
          () => call(other, 'GET', '/v2/account', { key: data.attributes.key }),
          (answer) => answer.status === 401,
          'the other process refuses the deleted key',
        )
      ).status,
    ).toBe(401);
  });

  it('shows settings changed through the api in every api process, though each had remembered the account', async () => {
    const other = await ctx.startApp();
    const account = await ctx.account();
    const setting = async (on: NestFastifyApplication) =>
      ((await call(on, 'GET', '/v2/account', { key: account.key })).json!['data'] as { attributes: Record<string, unknown> }).attributes[
        'documents_create_tracking_requests'
      ];
    expect(await setting(app)).toBe(false);
    expect(await setting(other)).toBe(false);

    const body = { data: { type: 'account', attributes: { documents_create_tracking_requests: true } } };
    expect((await call(app, 'PATCH', '/v2/account', { key: account.key, body })).status).toBe(200);

    expect(await setting(app)).toBe(true);
    expect(
      await eventually(
        () => setting(other),
        (seen) => seen === true,
        'the other process shows the new setting',
      ),
    ).toBe(true);
  });

  it('applies an account change made in the database at once when nothing is remembered', async () => {
    const uncached = await ctx.startApp({ AUTH_CACHE_TTL_SECONDS: 0 });
    const account = await ctx.account();
    expect((await call(uncached, 'GET', '/v2/account', { key: account.key })).json!['data']).toMatchObject({
      attributes: { plan: 'paid' },
    });
    await ctx.db.dataSource.query(`UPDATE accounts SET plan = 'free' WHERE id = $1`, [account.account.id]);
    expect((await call(uncached, 'GET', '/v2/account', { key: account.key })).json!['data']).toMatchObject({
      attributes: { plan: 'free' },
    });
  });

  it('leaves health and the API description outside authentication', async () => {
    expect((await call(app, 'GET', '/health/live')).status).toBe(200);
    expect((await call(app, 'GET', '/docs/openapi.json')).status).toBe(200);
  });
});
