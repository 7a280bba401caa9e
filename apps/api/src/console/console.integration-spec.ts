import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiTestContext, call } from '../test/api-test-app';

/** The console's files over HTTP: where a browser lands, what it may load, under which policy. */
describe('web console files', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('sends a browser that opens the service address to the console', async () => {
    const root = await call(app, 'GET', '/');
    expect(root.status).toBe(302);
    expect(root.headers['location']).toBe('/console');
  });

  it.each(['/console', '/console/'])('serves the console at %s, with a script for each page of assets/pages', async (path) => {
    const page = await call(app, 'GET', path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      '/widget/v1/assets/leaflet.js',
      '/widget/v1/assets/widget.js',
      '/console/assets/words.js',
      '/console/assets/console.js',
      '/console/assets/pages/api-keys-page.js',
      '/console/assets/pages/containers-page.js',
      '/console/assets/pages/notifications-page.js',
      '/console/assets/pages/shipments-page.js',
      '/console/assets/pages/sources-page.js',
    ]);
    for (const script of scripts.filter((s) => s!.startsWith('/console/'))) {
      const file = await call(app, 'GET', script!);
      expect([script, file.status, file.headers['content-type']]).toEqual([script, 200, 'text/javascript; charset=utf-8']);
    }
  });

  it("serves the domain's words for events and statuses as a script, the one table every page reads", async () => {
    const file = await call(app, 'GET', '/console/assets/words.js');
    expect([file.status, file.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    const words = JSON.parse(/^window\.QuaysideWords = (.*);\n$/s.exec(file.body)![1]!) as {
      events: Record<string, { words: string; place: string | null; kind: string }>;
      container_statuses: Record<string, string>;
    };
    expect(words.events['container.pickup_lfd_rail.changed']).toEqual({
      words: 'Last free day at the rail terminal changed',
      place: 'inland_destination',
      kind: 'value_change',
    });
    expect(Object.keys(words.events)).toHaveLength(43);
    expect(words.container_statuses['empty_returned']).toBe('Empty returned');
  });

  it('serves nothing else from its folder', async () => {
    for (const path of [
      '/console/assets/index.html',
      '/console/assets/pages/nothing.js',
      '/console/assets/..%2Fconsole.controller.ts',
      '/console/assets/pages/..%2Fconsole.js',
    ]) {
      expect([path, (await call(app, 'GET', path)).status]).toEqual([path, 404]);
    }
  });
});
