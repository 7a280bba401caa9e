import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

    const yaml = await app.inject({ method: 'GET', url: '/docs/openapi.yaml' });
    expect([yaml.statusCode, yaml.headers['content-type']]).toEqual([200, 'text/yaml']);
    expect(yaml.body).toMatch(/^openapi: 3\./m);
    expect(yaml.body).toContain('version: 0.2.0');
  });

  it("serves Swagger UI's files as @fastify/static does: validators, HEAD, ranges, 404 and refused paths", async () => {
    const dist = path.dirname(createRequire(require.resolve('@nestjs/swagger')).resolve('swagger-ui-dist/package.json'));
    const css = readFileSync(path.join(dist, 'swagger-ui.css'), 'utf8');

    const first = await app.inject({ method: 'GET', url: '/docs/swagger-ui.css' });
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=0',
      'accept-ranges': 'bytes',
      'content-length': String(Buffer.byteLength(css)),
    });
    expect(first.headers['etag']).toEqual(expect.any(String));
    expect(first.headers['last-modified']).toEqual(expect.any(String));
    expect(first.body).toBe(css);

    const unchanged = await app.inject({
      method: 'GET',
      url: '/docs/swagger-ui.css',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);
    const head = await app.inject({ method: 'HEAD', url: '/docs/swagger-ui.css' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(Buffer.byteLength(css)), '']);
    const range = await app.inject({ method: 'GET', url: '/docs/swagger-ui.css', headers: { range: 'bytes=0-9' } });
    expect([range.statusCode, range.headers['content-range'], range.body]).toEqual([
      206,
      `bytes 0-9/${Buffer.byteLength(css)}`,
      css.slice(0, 10),
    ]);

    const statuses: Array<[string, number]> = [];
    for (const url of [
      '/docs/no-such-file.js',
      '/docs/%2e%2e/package.json',
      '/docs//swagger-ui.css',
      '/docs/LICENSE',
      '/docs/oauth2-redirect.html',
    ]) {
      statuses.push([url, (await app.inject({ method: 'GET', url })).statusCode]);
    }
    expect(statuses).toEqual([
      ['/docs/no-such-file.js', 404],
      ['/docs/%2e%2e/package.json', 404],
      ['/docs//swagger-ui.css', 403],
      ['/docs/LICENSE', 404],
      ['/docs/oauth2-redirect.html', 200],
    ]);
  });

  it('serves a page that renders it, with its assets from this server', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    for (const url of ['/docs/', '/docs/index.html']) {
      const same = await app.inject({ method: 'GET', url });
      expect([url, same.statusCode, same.headers['content-type']]).toEqual([url, 200, page.headers['content-type']]);
    }
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
