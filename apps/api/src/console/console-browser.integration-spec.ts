import AxeBuilder from '@axe-core/playwright';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { inFixtureTransaction, WebhookNotificationRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiTestContext } from '../test/api-test-app';
import { launchChromium, SCREENSHOT_NOW } from '@quayside/testing';
import { seedMcpFixture } from '../test/mcp-fixtures';
import type { McpFixture } from '../test/mcp-fixtures';
import { seedWebhook, seedWebhookNotification } from '../test/webhook-fixtures';

/**
 * The console in Chromium against a running api with sandbox data: each page, its actions, axe,
 * and phone widths. (The README's picture of it is compared by e2e/readme-flow.e2e-spec.ts, on
 * what the demo really tracks.)
 */
describe('web console in Chromium', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let owner: ProvisionedAccount;
  let fixture: McpFixture;
  let failedId: string;
  const consoleMessages: string[] = [];

  async function axe(): Promise<string[]> {
    const results = await new AxeBuilder({ page }).exclude('.leaflet-container').analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await ctx.account({ features: ['routing'] });
    // Fixed dates in the data and in the browser, so the list looks the same as docs/images/console.png on any day.
    fixture = await seedMcpFixture(ctx.db.dataSource, owner, SCREENSHOT_NOW);
    const webhookId = await seedWebhook(ctx.db.dataSource, owner.account.id);
    failedId = await seedWebhookNotification(ctx.db.dataSource, owner.account.id, webhookId, 'container.updated');
    await inFixtureTransaction(ctx.db.dataSource, (manager) =>
      new WebhookNotificationRepository(ctx.db.dataSource).recordAttempt(manager, failedId, {
        at: new Date(),
        delivery_status: 'failed',
        last_response_status: 500,
        last_response_body: 'down',
        last_error: 'answered 500',
        next_attempt_at: null,
      }),
    );
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1200, height: 800 },
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    await context.clock.setFixedTime(SCREENSHOT_NOW);
    page = await context.newPage();
    page.on('console', (message) => consoleMessages.push(message.text()));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await ctx.close();
  });

  /** The page is no wider than the window (nothing to scroll sideways to). */
  async function overflow(): Promise<number> {
    return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  }

  it('signs in with an API key kept in session storage, never in the URL; a wrong key is refused', async () => {
    await page.goto(`${base}/console`);
    await page.getByLabel('API key').waitFor();
    // Nothing to navigate to before signing in: the navigation stays hidden.
    expect(await page.locator('#qc-nav').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    expect(await axe()).toEqual([]);
    await page.getByLabel('API key').fill('qs_not_a_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign-in failed' }).waitFor();
    await page.getByLabel('API key').fill(owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Containers' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link').allTextContents()).toEqual([
      'Containers',
      'Shipments',
      'Webhook deliveries',
      'API keys',
      'Sources',
    ]);
    expect(page.url()).not.toContain(owner.key);
    expect(await page.evaluate<string | null>("sessionStorage.getItem('quayside.apiKey')")).toBe(owner.key);
  });

  it('lists containers with status, ETA, last free day and holds, and filters them', async () => {
    await page.locator('.qc-table tbody tr').first().waitFor();
    expect(await page.locator('.qc-table tbody tr').count()).toBe(4);
    await expect(page.locator('.qc-table tbody').textContent()).resolves.toContain('customs');
    expect(await axe()).toEqual([]);
    await page.getByLabel('Filter by number, reference or bill of lading').fill('no-such-thing');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No containers match.').waitFor();
  });

  it('shows a container with its timeline and voyage map', async () => {
    await page.goto(`${base}/console#/containers/${fixture.lfdSoonId}`);
    await page.locator('.qc-timeline li').first().waitFor();
    expect(await page.locator('.qc-timeline li').count()).toBe(2);
    await page.locator('#qc-map[data-state="ready"]').waitFor();
    expect(await page.locator('#qc-map path').count()).toBeGreaterThan(3);
    expect(await axe()).toEqual([]);
  });

  it('lists shipments, and shows a shipment with its containers, each leading to its page', async () => {
    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.getByRole('heading', { name: 'Shipments' }).waitFor();
    const row = page.locator('.qc-table tbody tr', { hasText: 'MCPBL0001' });
    await expect(row.textContent()).resolves.toMatch(/Shanghai → Los Angeles|CNSHA → USLAX/);
    await expect(row.locator('td[data-label="Containers"]').textContent()).resolves.toBe('4');
    expect(await axe()).toEqual([]);
    await row.getByRole('link', { name: 'MCPBL0001' }).click();
    await page.getByRole('heading', { name: 'Shipment MCPBL0001' }).waitFor();
    await page.locator('.qc-table tbody tr').first().waitFor();
    expect(await page.locator('.qc-table tbody tr').count()).toBe(4);
    await expect(page.locator('.qc-facts').textContent()).resolves.toContain('QUAYSIDE PIONEER / 012E');
    expect(await axe()).toEqual([]);
    await page.locator('.qc-table tbody tr a').first().click();
    await page.getByRole('heading', { name: /^Container / }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Shipment MCPBL0001' }).waitFor();
  });

  it.each([360, 390])('fits a %i px wide phone: nothing runs off the side, Sign out is on screen, axe is clean', async (width) => {
    await page.setViewportSize({ width, height: 780 });
    try {
      for (const hash of ['#/containers', '#/shipments', `#/shipments/${fixture.shipmentId}`, '#/notifications', '#/keys', '#/sources']) {
        await page.goto(`${base}/console${hash}`);
        await page.locator('#qc-view h1').waitFor();
        await page.locator('#qc-view .qc-table, #qc-view p').first().waitFor();
        expect([hash, await overflow()]).toEqual([hash, 0]);
        const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
        expect(signOut).not.toBeNull();
        expect(signOut!.x + signOut!.width).toBeLessThanOrEqual(width);
        expect(await axe()).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 1200, height: 800 });
    }
  });

  it('lists webhook deliveries and redelivers a failed one', async () => {
    await page.goto(`${base}/console#/containers`);
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    const row = page.locator('tr.qc-failed');
    await row.waitFor();
    expect(await axe()).toEqual([]);
    await row.getByRole('button', { name: /Redeliver/ }).click();
    await row.getByText('Queued').waitFor();
    const notification = await new WebhookNotificationRepository(ctx.db.dataSource).findOwned({ accountId: owner.account.id }, failedId);
    expect(notification.delivery_status).toBe('pending');
  });

  it('creates an API key (shown once) and revokes it', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('New key name').fill('from the console');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText(/Copy the new key now/).waitFor();
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: 'Revoke key from the console' }).click();
    // The list is drawn again once the key is revoked: wait for that, not for a button that was already there.
    await page.getByRole('button', { name: 'Revoke key from the console' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Revoke key first key' }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke key from the console' }).count()).toBe(0);
    expect(consoleMessages.filter((m) => /Content Security Policy|Refused to/.test(m))).toEqual([]);
  });
});
