import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';

interface KeyResource {
  id: string;
  type: string;
  attributes: {
    name: string;
    masked_key: string;
    prefix: string;
    last_four: string;
    key?: string;
    created_at: string;
    last_used_at: string | null;
  };
}

const createBody = (name: unknown): unknown => ({ data: { type: 'api_key', attributes: { name } } });

describe('API keys: list masked, create shown once, delete', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('shows a created key once, lets it work at once, masks it in listings and stops it when deleted', async () => {
    const created = await call(app, 'POST', '/v2/api_keys', { key: owner.key, body: createBody('billing integration') });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    const key = created.json!['data'] as KeyResource;
    expect(key.type).toBe('api_key');
    expect(key.attributes.key).toMatch(/^qs_live_[0-9A-Za-z]{43}$/);
    const secret = key.attributes.key!;
    expect(key.attributes.masked_key).toBe(`qs_live_****${secret.slice(-4)}`);

    // Works at once.
    const withNewKey = await call(app, 'GET', '/v2/account', { key: secret });
    expect(withNewKey.status).toBe(200);
    expect((withNewKey.json!['data'] as { id: string }).id).toBe(owner.account.id);

    // Masked afterwards: neither listing nor reading shows the key again.
    const listing = await call(app, 'GET', '/v2/api_keys', { key: owner.key });
    expect(listing.status).toBe(200);
    expect(listing.body).not.toContain(secret);
    expect(listing.body).not.toContain(owner.key);
    const listed = listing.json!['data'] as KeyResource[];
    expect(listed.map((k) => k.attributes.name)).toEqual(['first key', 'billing integration']);
    expect(listed.every((k) => k.attributes.key === undefined && /^qs_live_\*{4}[0-9A-Za-z]{4}$/.test(k.attributes.masked_key))).toBe(true);
    expect(listing.json!['meta']).toEqual({ size: 2, total: 2 });
    const single = await call(app, 'GET', `/v2/api_keys/${key.id}`, { key: owner.key });
    expect(single.status).toBe(200);
    expect(single.body).not.toContain(secret);

    // Replacing a key: delete the old one with the new one; the old stops at once.
    expect((await call(app, 'DELETE', `/v2/api_keys/${key.id}`, { key: owner.key })).status).toBe(204);
    expect((await call(app, 'GET', '/v2/account', { key: secret })).status).toBe(401);
    expect((await call(app, 'GET', `/v2/api_keys/${key.id}`, { key: owner.key })).status).toBe(404);
    expect((await call(app, 'DELETE', `/v2/api_keys/${key.id}`, { key: owner.key })).status).toBe(404);
  });

  it('stores only a sha256 of the key', async () => {
    const created = await call(app, 'POST', '/v2/api_keys', { key: owner.key, body: createBody('audit') });
    const secret = (created.json!['data'] as KeyResource).attributes.key!;
    const rows = await ctx.db.dataSource.query<{ row: string }[]>(`SELECT row_to_json(k)::text AS row FROM api_keys k`);
    expect(rows.some((r) => r.row.includes(secret))).toBe(false);
    expect(rows.some((r) => r.row.includes(secret.slice(8, 20)))).toBe(false);
  });

  it('records when a key was last used', async () => {
    const listing = await call(app, 'GET', '/v2/api_keys', { key: owner.key });
    const first = (listing.json!['data'] as KeyResource[]).find((k) => k.attributes.name === 'first key')!;
    expect(first.attributes.last_used_at).not.toBeNull();
  });

  it('keeps the last key: deleting it is a 409 that says to create a new one first', async () => {
    const lonely = await ctx.account({ company: 'Lonely' });
    const keys = await call(app, 'GET', '/v2/api_keys', { key: lonely.key });
    const [only] = keys.json!['data'] as KeyResource[];
    const refused = await call(app, 'DELETE', `/v2/api_keys/${only!.id}`, { key: lonely.key });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ errors: [expect.objectContaining({ status: '409', title: 'Conflict' })] });
    expect((await call(app, 'GET', '/v2/account', { key: lonely.key })).status).toBe(200);
  });

  it.each([
    ['a missing name', createBody(undefined), ['/data/attributes/name']],
    ['an empty name', createBody(''), ['/data/attributes/name']],
    ['a name that is not a string', createBody(42), ['/data/attributes/name']],
    ['a name over 100 characters', createBody('x'.repeat(101)), ['/data/attributes/name']],
    ['the wrong type and no name', { data: { type: 'container', attributes: {} } }, ['/data/type', '/data/attributes/name']],
    ['attributes that are not an object', { data: { type: 'api_key', attributes: 'x' } }, ['/data/attributes']],
    ['no data', { name: 'x' }, ['/data']],
  ])('answers %s with 422 and one error per problem, each with its source.pointer', async (_label, body, pointers) => {
    const response = await call(app, 'POST', '/v2/api_keys', { key: owner.key, body });
    expect(response.status).toBe(422);
    const errors = response.json!['errors'] as { status: string; title: string; source: { pointer: string } }[];
    expect([...new Set(errors.map((e) => e.source.pointer))].sort()).toEqual([...pointers].sort());
    expect(errors.every((e) => e.status === '422' && e.title === 'Unprocessable Entity')).toBe(true);
  });

  it('reports every broken rule of a field as its own error', async () => {
    const response = await call(app, 'POST', '/v2/api_keys', { key: owner.key, body: createBody(undefined) });
    const errors = response.json!['errors'] as { detail: string }[];
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });

  it('accepts application/json bodies as well as application/vnd.api+json', async () => {
    const response = await call(app, 'POST', '/v2/api_keys', {
      key: owner.key,
      headers: { 'content-type': 'application/json' },
      body: createBody('plain json'),
    });
    expect(response.status).toBe(201);
  });

  it('refuses an include on keys, naming the path', async () => {
    const response = await call(app, 'GET', '/v2/api_keys?include=account', { key: owner.key });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      errors: [
        expect.objectContaining({
          status: '400',
          source: { parameter: 'include' },
          detail: expect.stringContaining('"account"') as unknown,
        }),
      ],
    });
  });
});
