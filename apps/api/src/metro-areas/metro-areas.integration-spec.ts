import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { METRO_AREA_SEEDS } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  links?: { self: string };
}

const dataOf = (response: InjectResult): Resource => response.json!['data'] as Resource;

describe('GET /v2/metro_areas/{id}', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let free: ProvisionedAccount;
  const get = (url: string): Promise<InjectResult> => call(app, 'GET', url, { key: free.key });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    // Reference data is not tracking data: the free plan reads it.
    free = await ctx.account({ plan: 'free' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('ships every metro area of the established API file', async () => {
    const codes = await ctx.db.dataSource.query<{ code: string }[]>('SELECT code FROM metro_areas ORDER BY code');
    expect(codes.map((row) => row.code)).toEqual(METRO_AREA_SEEDS.map((seed) => seed.code).sort());
  });

  it('gets a metro area by its UN/LOCODE in any case, and by id', async () => {
    const byCode = await get('/v2/metro_areas/uschi');
    expect(byCode.status).toBe(200);
    expect(dataOf(byCode)).toEqual({
      id: expect.any(String) as unknown,
      type: 'metro_area',
      attributes: {
        name: 'Chicago',
        code: 'USCHI',
        state_abbr: 'IL',
        country_code: 'US',
        time_zone: 'America/Chicago',
        latitude: 41.8781,
        longitude: -87.6298,
      },
      links: { self: `/v2/metro_areas/${dataOf(byCode).id}` },
    });
    const byId = await get(`/v2/metro_areas/${dataOf(byCode).id}`);
    expect(byId.status).toBe(200);
    expect(dataOf(byId)).toEqual(dataOf(byCode));
  });

  it('answers 404 for an unknown code, an unknown id and anything that is neither', async () => {
    for (const id of ['ZZZZZ', '00000000-0000-4000-8000-000000000000', 'not a code', 'USCHIX']) {
      const response = await get(`/v2/metro_areas/${encodeURIComponent(id)}`);
      expect({ id, status: response.status }).toEqual({ id, status: 404 });
    }
  });

  it('needs an api key', async () => {
    expect((await call(app, 'GET', '/v2/metro_areas/USCHI')).status).toBe(401);
  });
});
