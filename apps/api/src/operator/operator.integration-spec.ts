import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiTestContext, call } from '../test/api-test-app';

const TOKEN = 'operator-token-for-tests-0123';
const basic = (password: string): string => `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`;

describe('operator endpoints', () => {
  let ctx: ApiTestContext;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('without an operator token configured', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await ctx.startApp();
    });

    it('serves Prometheus metrics with request latency by route pattern, queue depths and the outbox backlog', async () => {
      await call(app, 'GET', '/health/live');
      const response = await call(app, 'GET', '/metrics');
      expect(response.status).toBe(200);
      expect(String(response.headers['content-type'])).toContain('text/plain');
      expect(response.body).toMatch(
        /quayside_http_request_duration_seconds_count\{[^}]*route="\/health\/live"[^}]*status_code="200"[^}]*\} 1/,
      );
      expect(response.body).toMatch(/quayside_queue_jobs\{queue="tracker",state="waiting"[^}]*\} 0/);
      expect(response.body).toMatch(/quayside_outbox_unpublished\{app="api"\} \d+/);
    });

    it('does not serve the queue dashboard at all', async () => {
      const response = await call(app, 'GET', '/admin/queues', { headers: { authorization: basic(TOKEN) } });
      expect(response.status).toBe(404);
      expect(response.json).toHaveProperty('errors');
    });
  });

  describe('with an operator token', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await ctx.startApp({ OPERATOR_TOKEN: TOKEN });
    });

    it.each([
      ['no credentials', undefined],
      ['an API key', 'Token qs_live_whatever'],
      ['a wrong token', basic('not-the-token-at-all')],
    ])('refuses the queue dashboard with %s (401, asks for Basic credentials)', async (_case, authorization) => {
      const response = await call(app, 'GET', '/admin/queues', authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Basic');
      expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401' })] });
    });

    it('opens the queue dashboard and its API to the operator', async () => {
      const page = await call(app, 'GET', '/admin/queues', { headers: { authorization: basic(TOKEN) } });
      expect(page.status).toBe(200);
      expect(page.body).toContain('<html');
      const queues = await call(app, 'GET', '/admin/queues/api/queues', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(queues.status).toBe(200);
      expect(queues.body).toContain('"name":"tracker"');
      expect(queues.body).toContain('"name":"webhook-delivery"');
    });

    it('guards metrics too', async () => {
      expect((await call(app, 'GET', '/metrics')).status).toBe(401);
      expect((await call(app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    });
  });
});
