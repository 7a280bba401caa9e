import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SANDBOX_SCENARIOS } from '@quayside/carriers';
import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES, EVENT_NAMES, EVENT_WORDING } from '@quayside/domain';
import type { EventName } from '@quayside/domain';
import { JsonApiClient } from '@quayside/json-api';
import { createTestDatabase, launchChromium, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Browser, Page } from 'playwright-core';
import type { AppProcess } from './support/app-process';
import { includedOf, readDelivery } from './support/notification-document';
import type { Resource } from './support/notification-document';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { startSandboxApps } from './support/sandbox-apps';
import { WebhookSink } from './support/webhook-sink';
import type { CapturedDelivery } from './support/webhook-sink';

/**
 * Every sandbox scenario played to its end by the three apps as processes, then every surface
 * asked the same question: where is TEST-TR-RAIL's container, can it be picked up, is it at risk?
 * Its journey ends inland (picked up at the Chicago ramp, no port full out, the rail last free
 * day passed, returned empty): the api's attributes, the MCP at-risk tool, the widget and the
 * console, and the webhook payload of its return, must all say "returned, not at risk" (libs/domain journeyOf, issue 44). Then the console
 * and the widget of every scenario are read for raw event or status names: none may show.
 *
 * The sandbox clock plays a scenario day in 2 s (TEST-TR-FULL-LIFECYCLE's 27 days in 54 s); the
 * waits below are bounds for a process that never gets there, not speeds.
 */
const SCAC = 'TEST';
const RAIL = SANDBOX_SCENARIOS.find((s) => s.number === 'TEST-TR-RAIL')!;
const RAIL_CONTAINER = RAIL.containers[0]!.number;
/** The scenario that plays longest: when its container is returned, every scenario has played its last step. */
const LONGEST = SANDBOX_SCENARIOS.reduce((a, b) =>
  Math.max(...b.steps.map((s) => s.day)) > Math.max(...a.steps.map((s) => s.day)) ? b : a,
);
/** A machine name: snake_case (`empty_returned`) or dotted (`container.updated`, `Container.Pickup Lfd.Changed`). */
const MACHINE_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z][a-z_]*\.[a-z_]+(?:[ .][a-z_]+)*\b/gi;

interface JsonApiMany {
  data: Resource[];
  included?: Resource[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function toolJson<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (result.isError) throw new Error(`tool ${name} failed: ${text}`);
  return JSON.parse(text) as T;
}

/** The definition list of a page (the widget's or the console's facts) as term → value. */
async function facts(page: Page, scope: string): Promise<Record<string, string>> {
  const pairs: Record<string, string> = {};
  for (const row of await page.locator(`${scope} dl > div`).all()) {
    const term = ((await row.locator('dt').textContent()) ?? '').trim();
    pairs[term] = ((await row.locator('dd').textContent()) ?? '').trim();
  }
  return pairs;
}

describe('one journey answer on every surface, in words: the sandbox scenarios end to end', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  const sink = new WebhookSink();
  const processes: AppProcess[] = [];
  let api: JsonApiClient;
  let receiverUrl: string;
  let base: string;
  let key: string;
  let widgetKey: string;
  let browser: Browser;
  let page: Page;
  let mcp: Client | undefined;
  let containers: Resource[] = [];
  let shipments: Resource[] = [];
  let rail: Resource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Journey Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'e2e key',
    ));
    receiverUrl = await sink.listen();
    const port = await startSandboxApps(
      processes,
      { DATABASE_URL: db.url, REDIS_PREFIX: prefix },
      // The browser pages below read much more than a client would in a minute.
      { RATE_LIMIT_DEFAULT: '100000' },
    );
    base = `http://127.0.0.1:${port}`;
    api = new JsonApiClient(`${base}/v2`, key);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US', timezoneId: 'UTC' })).newPage();
  }, 300_000);

  afterAll(async () => {
    await mcp?.close();
    await browser?.close();
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    await sink.close();
    await db?.drop();
    await deleteRedisKeys(prefix);
  }, 30_000);

  it('tracks every sandbox number, with a webhook for every event, and plays them to their end', async () => {
    await api.expect(201, 'POST', '/webhooks', {
      data: { type: 'webhook', attributes: { url: receiverUrl, active: true, events: EVENT_NAMES } },
    });
    for (const scenario of SANDBOX_SCENARIOS) {
      await api.expect(201, 'POST', '/tracking_requests', {
        data: { type: 'tracking_request', attributes: { request_number: scenario.number, request_type: 'bill_of_lading', scac: SCAC } },
      });
    }
    const done = new Set([RAIL_CONTAINER, LONGEST.containers[0]!.number]);
    const deadline = Date.now() + 180_000;
    for (;;) {
      const list = await api.expect<JsonApiMany>(200, 'GET', '/containers?page[size]=100');
      const returned = list.data.filter((c) => done.has(String(c.attributes['number'])) && c.attributes['empty_terminated_at'] !== null);
      if (returned.length === done.size) break;
      if (Date.now() > deadline) throw new Error(`${[...done].join(' and ')} not both returned empty after 180 s`);
      await sleep(1_000);
    }
    containers = (await api.expect<JsonApiMany>(200, 'GET', '/containers?page[size]=100')).data;
    shipments = (await api.expect<JsonApiMany>(200, 'GET', '/shipments?page[size]=100')).data;
    rail = containers.find((c) => c.attributes['number'] === RAIL_CONTAINER)!;
    expect(containers.map((c) => c.attributes['number']).sort()).toEqual(
      SANDBOX_SCENARIOS.flatMap((s) => s.containers.map((c) => c.number)).sort(),
    );
  }, 240_000);

  it("the api: TEST-TR-RAIL's container was picked up inland and returned, its passed rail last free day no risk", () => {
    const a = rail.attributes;
    // The trap of issue 44: no port full out, a rail last free day in the past.
    expect(a['pod_full_out_at']).toBeNull();
    expect((a['import_deadlines'] as Record<string, unknown>)['pickup_lfd_rail']).not.toBeNull();
    expect(a['current_status']).toBe('empty_returned');
    expect(a['ready_for_pickup']).toBe(false);
    expect(a['journey']).toMatchObject({
      phase: 'empty_returned',
      done: true,
      waiting_at: null,
      pickup_at: 'inland_destination',
      pickup_status: 'returned',
      ready_for_pickup: false,
      days_left: null,
      at_risk: false,
      risk_reasons: [],
    });
    expect((a['journey'] as Record<string, unknown>)['picked_up_at']).toBe(a['final_destination_full_out_at']);
  });

  it('the webhook payloads: the notification of its empty return carries the same journey', async () => {
    const isReturn = (delivery: CapturedDelivery): boolean => {
      const { document } = readDelivery(delivery);
      return (
        document.data.attributes.event === 'container.transport.empty_in' &&
        includedOf(document, 'container').some((c) => c.attributes['number'] === RAIL_CONTAINER)
      );
    };
    await sink.waitFor((all) => all.some(isReturn), 30_000, `the empty return of ${RAIL_CONTAINER}`);
    const delivery = readDelivery(sink.deliveries.find(isReturn)!);
    const container = includedOf(delivery.document, 'container').find((c) => c.attributes['number'] === RAIL_CONTAINER)!;
    expect(container.attributes['journey']).toMatchObject({
      phase: 'empty_returned',
      done: true,
      pickup_at: 'inland_destination',
      pickup_status: 'returned',
      at_risk: false,
      risk_reasons: [],
    });
  });

  it('the MCP server: not among the containers at risk, even over 60 days; returned, not at risk', async () => {
    mcp = new Client({ name: 'journey-e2e', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Token ${key}` } } }),
    );
    const risk = await toolJson<{ containers: { id: string }[] }>(mcp, 'list_containers_at_risk', { days: 60 });
    expect(risk.containers.map((c) => c.id)).not.toContain(rail.id);
    // Every container it lists waits somewhere, as the api says.
    for (const listed of risk.containers) {
      const journey = containers.find((c) => c.id === listed.id)?.attributes['journey'] as { waiting_at: string | null } | undefined;
      expect([listed.id, journey?.waiting_at ?? null]).not.toEqual([listed.id, null]);
    }
    const summary = await toolJson<Record<string, unknown>>(mcp, 'get_container', { container: RAIL_CONTAINER });
    expect(summary).toMatchObject({ id: rail.id, status: 'empty_returned', waiting_at: null, at_risk: false, risk_reasons: [] });
  });

  it('the widget: returned, picked up at the inland destination, not at risk; the rail last free day shown there', async () => {
    const created = await api.expect<{ data: Resource }>(201, 'POST', '/widget_keys', {
      data: { type: 'widget_key', attributes: { name: 'journey e2e', allowed_origins: [base] } },
    });
    widgetKey = String(created.data.attributes['key']);
    await page.goto(`${base}/widget/v1/frame?key=${widgetKey}&container=${rail.id}`);
    await page.locator('.qs-timeline li').first().waitFor();
    const destination = destinationOf(rail);
    expect(await facts(page, '.qs-container')).toMatchObject({
      Status: 'Empty returned',
      Pickup: 'Picked up, empty returned',
      'Picked up at': destination,
      'At risk': 'No',
    });
    const lfd = page.locator('.qs-timeline li', { hasText: EVENT_WORDING['container.pickup_lfd_rail.changed'].words });
    await expect(lfd.locator('.qs-where').textContent()).resolves.toBe(destination);
  });

  it('the console: returned, picked up at the inland destination, not at risk; the same words', async () => {
    await page.goto(`${base}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Containers' }).waitFor();
    await page.goto(`${base}/console#/containers/${rail.id}`);
    await page.locator('.qc-timeline li').first().waitFor();
    const destination = destinationOf(rail);
    expect(await facts(page, '#qc-view')).toMatchObject({
      Status: 'Empty returned',
      Pickup: 'Picked up, empty returned',
      'Picked up at': destination,
      'At risk': 'No',
    });
    const lfd = page.locator('.qc-timeline li', { hasText: EVENT_WORDING['container.pickup_lfd_rail.changed'].words });
    await expect(lfd.textContent()).resolves.toContain(destination);
  });

  it('no console or widget page of any scenario shows a dotted or snake_case name; each shows its events in words', async () => {
    const found: string[] = [];
    const read = async (where: string, ready: string, scope: string): Promise<string> => {
      await page.goto(where);
      await page.locator(ready).first().waitFor();
      const text = await page.locator(scope).innerText();
      for (const match of text.matchAll(MACHINE_NAME)) found.push(`${where}: ${match[0]}`);
      return text;
    };
    for (const hash of ['#/containers', '#/shipments', '#/notifications'])
      await read(`${base}/console${hash}`, '.qc-table tbody tr', '#qc-view');
    for (const shipment of shipments) {
      await read(`${base}/console#/shipments/${shipment.id}`, '.qc-table tbody tr', '#qc-view');
      await read(`${base}/widget/v1/frame?key=${widgetKey}&shipment=${shipment.id}`, '.qs-container', 'main');
    }
    for (const container of containers) {
      const events = await eventsOf(container.id);
      const consoleText = await read(`${base}/console#/containers/${container.id}`, '.qc-timeline li, #qc-view p', '#qc-view');
      const widgetText = await read(`${base}/widget/v1/frame?key=${widgetKey}&container=${container.id}`, '.qs-container', 'main');
      // Not vacuous: every event the api has for the container is on both pages, in its words.
      for (const event of events) {
        expect([container.attributes['number'], event, consoleText]).toEqual([
          container.attributes['number'],
          event,
          expect.stringContaining(EVENT_WORDING[event].words),
        ]);
        expect([container.attributes['number'], event, widgetText]).toEqual([
          container.attributes['number'],
          event,
          expect.stringContaining(EVENT_WORDING[event].words),
        ]);
      }
    }
    expect(found).toEqual([]);
  }, 300_000);

  /** The container's transport events as the api has them (withdrawn ones left out, as the pages do). */
  async function eventsOf(id: string): Promise<EventName[]> {
    const doc = await api.expect<JsonApiMany>(200, 'GET', `/containers/${id}/transport_events?page[size]=100`);
    return doc.data.filter((e) => !e.attributes['invalidated_at']).map((e) => e.attributes['event'] as EventName);
  }

  function destinationOf(container: Resource): string {
    const link = container.relationships?.['shipment']?.data;
    const shipment = shipments.find((s) => link && !Array.isArray(link) && s.id === link.id)!;
    return String(shipment.attributes['destination_name'] ?? shipment.attributes['destination_locode']);
  }
});
