import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { VesselEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';

const HOUR = 3_600_000;
const KEY = 'datalastic-test-key-42';

/**
 * `VESSEL_POSITIONS=datalastic`: a real vessel's position comes from Datalastic's history
 * endpoint (a local server answering in its documented shape), the sandbox vessels still from
 * the sandbox, which never reach the provider.
 */
describe('vessel positions from the Datalastic AIS API', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let server: Server;
  const asked: URL[] = [];
  // Reported positions, newest first as the provider sends them: two and five hours ago.
  const reportedAt = [new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 5 * HOUR)];

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      asked.push(url);
      const positions = reportedAt.map((at, i) => ({
        lat: 33.5 - i * 0.2,
        lon: -119.2 - i * 0.5,
        speed: 14.2,
        course: 71,
        heading: 70,
        destination: 'US LAX',
        last_position_epoch: Math.floor(at.getTime() / 1000),
        last_position_UTC: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      }));
      const body = {
        data: { uuid: 'b5b4a1f3-0000-4000-8000-000000000001', name: 'EVER FORWARD', mmsi: '563180000', imo: '9850551', positions },
        meta: { duration: 0.01, endpoint: '/api/v0/vessel_history', success: true },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({
      VESSEL_POSITIONS: 'datalastic',
      DATALASTIC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      DATALASTIC_API_KEY: KEY,
    });
    account = await ctx.account({ plan: 'paid', features: ['routing'] });
    const vessels = ctx.db.dataSource.getRepository(VesselEntity);
    await vessels.save([
      vessels.create({ imo: '9850551', name: 'EVER FORWARD' }),
      vessels.create({ imo: '9312341', name: 'QUAYSIDE PIONEER' }),
    ]);
  });

  afterAll(async () => {
    await ctx.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('shows a real vessel where the provider last saw it, and its reported positions on request', async () => {
    const response = await call(
      app,
      'GET',
      '/v2/vessels/9850551?show_positions[from_timestamp]=' + new Date(Date.now() - 24 * HOUR).toISOString(),
      { key: account.key },
    );
    expect(response.status).toBe(200);
    const attributes = (response.json!['data'] as { attributes: Record<string, unknown> }).attributes;
    expect(attributes).toMatchObject({
      name: 'EVER FORWARD',
      imo: '9850551',
      latitude: 33.5,
      longitude: -119.2,
      nautical_speed_knots: 14.2,
      navigational_heading_degrees: 70,
      position_timestamp: reportedAt[0]!.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    });
    expect((attributes['positions'] as { latitude: number }[]).map((p) => p.latitude)).toEqual([33.3, 33.5]);
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.every(
        (url) =>
          url.pathname === '/api/v0/vessel_history' && url.searchParams.get('imo') === '9850551' && url.searchParams.get('api-key') === KEY,
      ),
    ).toBe(true);
  });

  it('keeps the sandbox vessels with the sandbox', async () => {
    const before = asked.length;
    const response = await call(app, 'GET', '/v2/vessels/9312341', { key: account.key });
    expect(response.status).toBe(200);
    expect(asked.length).toBe(before);
  });
});
