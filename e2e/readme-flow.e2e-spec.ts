import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SANDBOX_SCENARIOS } from '@quayside/carriers';
import { createTestDatabase, expectMatchesCommittedScreenshot, launchChromium, servePage, testRedisPrefix } from '@quayside/testing';
import type { Region, TestDatabase } from '@quayside/testing';
import type { Browser, Frame, Page } from 'playwright-core';
import { freePort, ROOT } from './support/app-process';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';

// The README's quick start, as a newcomer follows it: `npm start`, `npm run demo` in another
// terminal, then the console with the key the README says to use (the one the demo prints), and
// the widget. The README's two pictures are taken here, from this real demo run; dates, which
// change with every run, are left out of the comparison (UPDATE_SCREENSHOTS=1 takes them anew).

// Booting three apps that compile as they load, then a demo that plays six sandbox scenarios
// (about two and a half minutes alone): bounds for a process that never finishes, not speeds.
jest.setTimeout(20 * 60_000);

/** The sandbox numbers the demo tracks by default, as the README lists them. */
const DEMO_NUMBERS = [
  'TEST-TR-FULL-LIFECYCLE',
  'TEST-TR-MULTI-CONTAINER',
  'TEST-TR-HOLDS',
  'TEST-TR-RAIL',
  'TEST-TR-AWAITING-MANIFEST',
  'TEST-TR-FAILED',
];
const DATE = /\d{4}-\d\d-\d\d/;

/** A command of the README as its own process group, its output kept. */
class Command {
  readonly output: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private ended = false;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    for (const stream of [this.child.stdout, this.child.stderr])
      stream?.on('data', (chunk: Buffer) => this.output.push(chunk.toString('utf8')));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code) => {
        this.ended = true;
        resolve(code);
      }),
    );
  }

  get text(): string {
    return this.output.join('');
  }

  async until(pattern: RegExp, what: string): Promise<RegExpExecArray> {
    let exited = false;
    void this.exited.then(() => (exited = true));
    for (;;) {
      const match = pattern.exec(this.text);
      if (match) return match;
      if (exited) throw new Error(`${what}: the command ended without it:\n${this.text.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Ctrl-C, as the README says: to the whole group (npm, the script, the apps). */
  async interrupt(): Promise<void> {
    if (this.child.pid === undefined || this.ended) return;
    process.kill(-this.child.pid, 'SIGINT');
    await this.exited;
  }
}

/** Where the elements showing a date are, in the page (or in the frame, relative to its box). */
async function dateRegions(scope: Page | Frame, selector: string, offset = { x: 0, y: 0 }): Promise<Region[]> {
  const regions: Region[] = [];
  for (const element of await scope.locator(selector).all()) {
    if (!DATE.test((await element.textContent()) ?? '')) continue;
    const box = await element.boundingBox();
    if (box) regions.push({ ...box, x: box.x - offset.x, y: box.y - offset.y });
  }
  return regions;
}

describe('the README flow: npm start, npm run demo, then the console and the widget', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  let start: Command;
  let demo: Command;
  let browser: Browser;
  let page: Page;
  let base: string;
  let bannerKey: string;
  let demoKey: string;
  let notifications: number;
  let host: { server: Server; port: number } | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    const [port, smtp] = [await freePort(), await freePort()];
    start = new Command(['start'], { DATABASE_URL: db.url, REDIS_PREFIX: prefix, PORT: String(port), SMTP_PORT: String(smtp) });
    await start.until(/Stop\s+Ctrl-C/, 'the start banner');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1, locale: 'en-US' })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (host ? host.server.close(resolve) : resolve(undefined)));
    await demo?.interrupt();
    await start?.interrupt();
    await db?.drop();
    await deleteRedisKeys(prefix);
  });

  it('npm start names the api, the console, the MCP server, the metrics of each app and the demo key', () => {
    const banner = start.text;
    base = /API base URL\s+(http:\/\/127\.0\.0\.1:\d+)\/v2/.exec(banner)![1]!;
    expect(banner).toContain(`Console        ${base}/console`);
    expect(banner).toContain(`MCP server     ${base}/mcp`);
    expect(banner).toMatch(
      /Metrics\s+api \S+\/metrics · (tracker-worker|webhook-dispatcher) http:\/\/127\.0\.0\.1:\d+\/metrics · \S+ http:\/\/127\.0\.0\.1:\d+\/metrics/,
    );
    bannerKey = /Demo API key\s+(qs_live_\w+)/.exec(banner)![1]!;
    expect(banner).toContain('npm run demo:key');
  });

  it('npm run demo plays the six scenarios to their end and prints the console URL with the key to sign in with', async () => {
    demo = new Command(['run', 'demo', '--', '--base-url', base], { DATABASE_URL: db.url });
    expect(await demo.exited).toBe(0);
    const output = demo.text;
    expect(output).toContain('(every lifecycle complete)');
    const ending = /See it in the console:\n\s+(\S+)\n\s+sign in with this run's API key\s+(qs_live_\w+)/.exec(output);
    expect(ending?.[1]).toBe(`${base}/console`);
    demoKey = ending![2]!;
    // Said first as well, and not the banner's key, which opens another account.
    expect(output.indexOf(demoKey)).toBeLessThan(output.indexOf('Tracking TEST-TR-FULL-LIFECYCLE'));
    expect(demoKey).not.toBe(bannerKey);
    notifications = Number(/notifications \(distinct ids\)\s+(\d+)/.exec(output)![1]);
    expect(notifications).toBeGreaterThan(50);
    expect(output).toMatch(/Webhook \S+ disabled \(its receiver is gone\); it stays in the account/);
  });

  it("the console, signed in with the key the demo printed, shows the demo's containers", async () => {
    await page.goto(`${base}/console`);
    await page.getByLabel('API key').fill(demoKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Containers' }).waitFor();
    const expected = SANDBOX_SCENARIOS.filter((s) => DEMO_NUMBERS.includes(s.number)).flatMap((s) => s.containers.map((c) => c.number));
    await page
      .locator('.qc-table tbody tr')
      .nth(expected.length - 1)
      .waitFor();
    const numbers = await page.locator('.qc-table tbody td[data-label="Number"]').allTextContents();
    expect(numbers.sort()).toEqual([...expected].sort());
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });

  it('shows each webhook delivery the demo received, delivered, its webhook kept', async () => {
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
    await page.locator('.qc-table tbody tr').first().waitFor();
    // Besides what the demo counted, the account has the notifications of its last moments (the
    // tracking it stopped), sent while its receiver was closing. Six scenarios make fewer than 100,
    // the length of the list.
    const deliveries = await page.locator('.qc-table tbody td[data-label="Delivery"]').allTextContents();
    expect(deliveries.length).toBeGreaterThanOrEqual(notifications);
    expect(deliveries.length).toBeLessThan(100);
    expect(deliveries.filter((state) => state === 'Delivered').length).toBeGreaterThanOrEqual(notifications);
  });

  it("an assistant on /mcp with the demo's key finds its containers by number and its webhook's notifications", async () => {
    const client = new Client({ name: 'readme-assistant', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${demoKey}` } } }),
    );
    try {
      const ask = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
        if (result.isError) throw new Error(`${name}: ${text}`);
        return JSON.parse(text) as T;
      };
      const box = SANDBOX_SCENARIOS.find((s) => s.number === 'TEST-TR-HOLDS')!.containers[0]!.number;
      expect(await ask<{ number: string; shipment: { bill_of_lading_number: string } }>('get_container', { container: box })).toMatchObject(
        {
          number: box,
          shipment: { bill_of_lading_number: 'TEST-TR-HOLDS' },
        },
      );
      const recent = await ask<unknown[]>('list_recent_notifications', { hours: 24, limit: 100 });
      expect(recent.length).toBeGreaterThanOrEqual(notifications);
    } finally {
      await client.close();
    }
  });

  it('shows a shipment with its containers, as the README pictures it', async () => {
    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.getByRole('link', { name: 'TEST-TR-MULTI-CONTAINER' }).click();
    await page.getByRole('heading', { name: 'Shipment TEST-TR-MULTI-CONTAINER' }).waitFor();
    await page.locator('.qc-table tbody tr').nth(2).waitFor();
    expectMatchesCommittedScreenshot(await page.screenshot({ animations: 'disabled' }), 'console.png', {
      blank: await dateRegions(page, '#qc-view dd, #qc-view td'),
    });
  });

  it('the widget draws the rail voyage: the sea lanes, the rail leg to Chicago, each place labelled, as the README pictures it', async () => {
    host = await servePage('');
    const api = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${base}/v2${path}`, {
        method,
        headers: { authorization: `Token ${demoKey}`, 'content-type': 'application/vnd.api+json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const widgetKey = (
      (await api('POST', '/widget_keys', {
        data: { type: 'widget_key', attributes: { name: 'README', allowed_origins: [`http://127.0.0.1:${host.port}`] } },
      })) as { data: { attributes: { key: string } } }
    ).data.attributes.key;
    const rail = SANDBOX_SCENARIOS.find((s) => s.number === 'TEST-TR-RAIL')!.containers[0]!.number;
    const containerId = ((await api('GET', `/containers?q=${rail}`)) as { data: { id: string }[] }).data[0]!.id;
    host.server.removeAllListeners('request');
    host.server.on('request', (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Your order</title></head><body style="margin:0">` +
            `<script src="${base}/widget/v1/embed.js" data-key="${widgetKey}" data-container="${containerId}" data-height="1220"></script></body></html>`,
        );
    });
    const widgetPage = await (
      await browser.newContext({ viewport: { width: 1000, height: 1220 }, deviceScaleFactor: 1, locale: 'en-US' })
    ).newPage();
    try {
      await widgetPage.goto(`http://127.0.0.1:${host.port}/`);
      const frameElement = widgetPage.locator('iframe.quayside-widget');
      const frame = await (await frameElement.elementHandle()).contentFrame();
      if (frame === null) throw new Error('the widget frame has no document');
      await frame.locator('#qs-map[data-state="ready"]').waitFor();
      expect(await frame.locator('.qs-place').allTextContents()).toEqual(['Shanghai (POL)', 'Los Angeles (POD)', 'Chicago (DEST)']);
      expect(await frame.locator('.qs-legend li').allTextContents()).toEqual(['Planned route (sea lanes)', 'Reported positions', 'Rail']);
      const box = (await frameElement.boundingBox())!;
      expectMatchesCommittedScreenshot(await frameElement.screenshot({ animations: 'disabled' }), 'widget.png', {
        blank: await dateRegions(frame, 'dd, time', box),
      });
    } finally {
      await widgetPage.context().close();
    }
  });

  it('the key of the banner opens the demo account, and Ctrl-C stops everything', async () => {
    const account = await fetch(`${base}/v2/account`, { headers: { authorization: `Token ${bannerKey}` } });
    expect(((await account.json()) as { data: { attributes: { company_name: string } } }).data.attributes.company_name).toBe(
      'Quayside Demo',
    );
    await start.interrupt();
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  });
});
