import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | null }>;
  links?: { self: string };
}

const dataOf = (response: InjectResult): Resource => response.json!['data'] as Resource;

describe('reference resources: shipping lines, ports, terminals', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let free: ProvisionedAccount;
  const get = (url: string, account: ProvisionedAccount = free): Promise<InjectResult> => call(app, 'GET', url, { key: account.key });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    // Reference data is not tracking data: the free plan reads it.
    free = await ctx.account({ plan: 'free' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('lists every shipping line by SCAC, unpaginated, with coverage flags and access', async () => {
    const response = await get('/v2/shipping_lines');
    expect(response.status).toBe(200);
    const lines = response.json!['data'] as Resource[];
    expect(lines).toHaveLength(39);
    const scacs = lines.map((line) => line.attributes['scac'] as string);
    expect(scacs).toEqual([...scacs].sort());
    expect(response.json!['meta']).toEqual({ size: 39, total: 39 });
    expect(lines.find((line) => line.attributes['scac'] === 'CLAM')).toMatchObject({
      type: 'shipping_line',
      attributes: {
        name: expect.any(String) as unknown,
        alternative_scacs: ['CWLQ'],
        bill_of_lading_tracking_support: true,
        container_number_tracking_support: false,
        access: 'public',
      },
    });
    expect(lines.find((line) => line.attributes['scac'] === 'SMLU')!.attributes['access']).toBe('account');
    expect(lines.filter((line) => line.attributes['access'] === 'account')).toHaveLength(2);
  });

  it('gets one shipping line by id', async () => {
    const [line] = (await get('/v2/shipping_lines')).json!['data'] as Resource[];
    const response = await get(`/v2/shipping_lines/${line!.id}`);
    expect(response.status).toBe(200);
    expect(dataOf(response)).toEqual(line);
    expect(dataOf(response).links).toEqual({ self: `/v2/shipping_lines/${line!.id}` });
  });

  it('gets a port by id and by its UN/LOCODE, in any case', async () => {
    const byCode = await get('/v2/ports/uslax');
    expect(byCode.status).toBe(200);
    expect(dataOf(byCode)).toMatchObject({
      type: 'port',
      attributes: { code: 'USLAX', country_code: 'US', time_zone: 'America/Los_Angeles' },
    });
    const byId = await get(`/v2/ports/${dataOf(byCode).id}`);
    expect(dataOf(byId)).toEqual(dataOf(byCode));
  });

  it('gives a port its terminals, and includes them', async () => {
    const port = (
      await ctx.db.dataSource.query<{ id: string }[]>(
        `SELECT p.id FROM ports p WHERE EXISTS (SELECT 1 FROM terminals t WHERE t.port_id = p.id) LIMIT 1`,
      )
    )[0]!;
    const terminals = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM terminals WHERE port_id = $1 ORDER BY name, id`, [
      port.id,
    ]);
    const response = await get(`/v2/ports/${port.id}?include=terminals`);
    expect(response.status).toBe(200);
    expect(dataOf(response).relationships!['terminals']).toEqual({ data: terminals.map((t) => ({ id: t.id, type: 'terminal' })) });
    expect((response.json!['included'] as { id: string; type: string }[]).map((r) => r.type)).toEqual(terminals.map(() => 'terminal'));
  });

  it('gets a terminal with its port relationship, and includes the port', async () => {
    const [row] = await ctx.db.dataSource.query<{ id: string; port_id: string }[]>(
      `SELECT id, port_id FROM terminals WHERE firms_code = 'Y773'`,
    );
    const response = await get(`/v2/terminals/${row!.id}?include=port`);
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({
      type: 'terminal',
      attributes: { firms_code: 'Y773' },
      relationships: { port: { data: { id: row!.port_id, type: 'port' } } },
    });
    expect(response.json!['included']).toEqual([expect.objectContaining({ id: row!.port_id, type: 'port' })]);
  });

  it.each([
    ['an unknown shipping line', '/v2/shipping_lines/0f0e0d0c-0b0a-4908-8706-050403020100'],
    ['a shipping line id that is not an id', '/v2/shipping_lines/MAEU'],
    ['an unknown port', '/v2/ports/0f0e0d0c-0b0a-4908-8706-050403020100'],
    ['an unknown UN/LOCODE', '/v2/ports/ZZZZZ'],
    ['a port id that is neither id nor UN/LOCODE', '/v2/ports/los-angeles'],
    ['an unknown terminal', '/v2/terminals/0f0e0d0c-0b0a-4908-8706-050403020100'],
    ['a terminal id that is not an id', '/v2/terminals/Y773'],
    ['an unknown metro area', '/v2/metro_areas/ZZZZZ'],
  ])('answers %s with 404', async (_label, url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '404', title: 'Not Found' })] });
  });

  it('needs a key like every /v2 endpoint', async () => {
    expect((await call(app, 'GET', '/v2/shipping_lines')).status).toBe(401);
  });

  it('describes the established API endpoints in the OpenAPI document', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const path of ['/v2/shipping_lines', '/v2/shipping_lines/{id}', '/v2/ports/{id}', '/v2/terminals/{id}']) {
      expect(Object.keys(document.paths[path]!)).toEqual(['get']);
      expect(JSON.stringify(document.paths[path]!['get']!['responses'])).toContain('attributes');
    }
  });
});
