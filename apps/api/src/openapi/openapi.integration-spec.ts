import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiTestContext, call } from '../test/api-test-app';

interface OpenApi {
  openapi: string;
  info: { version: string; title: string; 'x-label'?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

describe('the API describes itself (OpenAPI 0.2.0, Beta) and renders the description offline', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('serves the document generated from the code, without a key', async () => {
    const response = await call(app, 'GET', '/docs/openapi.json');
    expect(response.status).toBe(200);
    const document = response.json as unknown as OpenApi;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe('0.2.0');
    expect(document.info['x-label']).toBe('Beta');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v2/api_keys', '/v2/api_keys/{id}', '/v2/account']));
    expect(Object.keys(document.paths).every((path) => path.startsWith('/v2/'))).toBe(true);
    expect(document.components.securitySchemes['authorization']).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
  });

  it('serves a page that renders it, with its assets from this server', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const body = page.body;
    expect(body).toContain('swagger-ui');
    const scripts = [...body.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).not.toMatch(/^https?:\/\//);
      const asset = await app.inject({ method: 'GET', url: new URL(script, 'http://localhost/docs').pathname });
      expect([script, asset.statusCode]).toEqual([script, 200]);
    }
  });
});
