import type { Server, ServerResponse } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Browser, Page } from 'playwright-core';
import { ApiTestContext, call } from '../test/api-test-app';
import { launchChromium, SCREENSHOT_NOW, servePage } from '@quayside/testing';
import { seedMcpFixture } from '../test/mcp-fixtures';
import type { McpFixture } from '../test/mcp-fixtures';

/**
 * The widget in a real browser: embedded by a page on an allowed origin, refused on another. (The
 * README's picture of it is compared by e2e/readme-flow.e2e-spec.ts, on what the demo tracks.)
 */
describe('widget in Chromium', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let browser: Browser;
  let base: string;
  let fixture: McpFixture;
  let key: string;
  let host: { server: Server; port: number };
  const pages: Page[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1000, height: 900 },
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    await context.clock.setFixedTime(SCREENSHOT_NOW);
    const page = await context.newPage();
    pages.push(page);
    return page;
  }

  async function open(url: string): Promise<{ page: Page; console: string[] }> {
    const page = await newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(url);
    return { page, console: messages };
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const owner = await ctx.account({ features: ['map_widget'] });
    // Fixed dates in the data and in the browser, so the widget looks the same as docs/images/widget.png on any day.
    fixture = await seedMcpFixture(ctx.db.dataSource, owner, SCREENSHOT_NOW);
    browser = await launchChromium();
    host = await servePage('');
    const created = await call(app, 'POST', '/v2/widget_keys', {
      key: owner.key,
      body: { data: { type: 'widget_key', attributes: { name: 'browser test', allowed_origins: [`http://127.0.0.1:${host.port}`] } } },
    });
    key = (created.json!['data'] as { attributes: { key: string } }).attributes.key;
    host.server.removeAllListeners('request');
    host.server.on('request', (_request, response: ServerResponse) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Your order</h1>` +
            `<script src="${base}/widget/v1/embed.js" data-key="${key}" data-container="${fixture.lfdSoonId}" data-height="760"></script></main></body></html>`,
        );
    });
  });

  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser?.close();
    await new Promise((resolve) => host?.server.close(resolve));
    await ctx.close();
  });

  it('shows the journey and draws the voyage map on an allowed origin, with no CSP violation', async () => {
    const { page, console } = await open(`http://127.0.0.1:${host.port}/`);
    const frame = page.frameLocator('iframe.quayside-widget');
    await frame.locator('#qs-map[data-state="ready"]').waitFor();
    await expect(frame.locator('h1').textContent()).resolves.toMatch(/^Container /);
    await expect(frame.locator('.qs-timeline li').count()).resolves.toBe(2);
    await expect(frame.locator('dt', { hasText: 'Last free day' }).count()).resolves.toBe(1);
    // Land from Natural Earth and the route, drawn by Leaflet as SVG paths.
    expect(await frame.locator('#qs-map path').count()).toBeGreaterThan(3);
    // Each place is labelled with its name and role.
    await expect(frame.locator('.qs-place').allTextContents()).resolves.toEqual(['Shanghai (POL)', 'Los Angeles (POD)']);
    expect(console.filter((m) => /Content Security Policy|Refused to/.test(m))).toEqual([]);
  });

  it('says so in the frame, showing nothing of the account, on an origin the key does not allow', async () => {
    // localhost is another origin than the 127.0.0.1 the key allows.
    const { page } = await open(`http://localhost:${host.port}/`);
    const frame = page.frameLocator('iframe.quayside-widget');
    await frame.getByRole('heading', { name: 'Container tracking unavailable' }).waitFor();
    await expect(frame.locator('main').textContent()).resolves.toContain(
      `This tracking widget is not enabled on http://localhost:${host.port}.`,
    );
    await expect(frame.locator('.qs-timeline, #qs-map, dl').count()).resolves.toBe(0);
  });

  it('has no serious accessibility violations (axe)', async () => {
    const { page } = await open(`${base}/widget/v1/frame?key=${key}&shipment=${fixture.shipmentId}`);
    await page.locator('#qs-map[data-state="ready"]').waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
