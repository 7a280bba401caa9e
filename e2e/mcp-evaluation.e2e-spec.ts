import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SANDBOX_SCENARIOS } from '@quayside/carriers';
import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES, EVENT_NAMES, riskReasons } from '@quayside/domain';
import type { Journey } from '@quayside/domain';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppProcess, freePort } from './support/app-process';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { WebhookSink } from './support/webhook-sink';

/**
 * Issue 45, "MCP for assistants": questions an operations person asks an assistant, answered
 * through the MCP server as an assistant would — the SDK's Client over Streamable HTTP against
 * the api process, tool calls only — and each answer checked against what the REST api's own
 * JSON:API documents say. The sandbox plays its scenarios on a compressed clock in the
 * tracker-worker until holds, last free days and availability are in place, then the workers stop
 * so that both sides read the same state.
 */
const COMPRESSION = 8_640; // a scenario day in 10 s
const SCAC = 'TEST';
/** The scenarios tracked, each by its bill of lading but one: the transshipment by its booking, as a forwarder often has only that. */
interface Tracked {
  scenario: string;
  number: string;
  type: 'bill_of_lading' | 'booking_number';
}
const TRACKED: readonly Tracked[] = [
  'TEST-TR-SUCCEEDED',
  'TEST-TR-FAILED',
  'TEST-TR-AWAITING-MANIFEST',
  'TEST-TR-MULTI-CONTAINER',
  'TEST-TR-RAIL',
  'TEST-TR-HOLDS',
  'TEST-TR-FEES',
  'TEST-TR-LFD-CHANGES',
]
  .map((number): Tracked => ({ scenario: number, number, type: 'bill_of_lading' }))
  .concat([{ scenario: 'TEST-TR-TRANSSHIPMENT', number: 'TESTBK0005', type: 'booking_number' }]);

const HOUR_MS = 3_600_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function scenario(number: string): (typeof SANDBOX_SCENARIOS)[number] {
  const found = SANDBOX_SCENARIOS.find((s) => s.number === number);
  if (!found) throw new Error(`no sandbox scenario ${number}`);
  return found;
}
const boxOf = (number: string, index = 0): string => scenario(number).containers[index]!.number;
const HELD = boxOf('TEST-TR-HOLDS');
const FEES = boxOf('TEST-TR-FEES');
const RAIL = boxOf('TEST-TR-RAIL');
const LFD_CHANGES = boxOf('TEST-TR-LFD-CHANGES');

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>;
}

/** The REST api as a client reads it: JSON:API documents, every page. */
class RestApi {
  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {}

  async get(path: string): Promise<{ data: Resource | Resource[]; included?: Resource[]; links?: Record<string, string | null> }> {
    const response = await fetch(`${this.base}${path}`, { headers: { authorization: `Token ${this.key}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { data: Resource | Resource[] };
  }

  async all(path: string): Promise<Resource[]> {
    const found: Resource[] = [];
    for (let page = 1; ; page += 1) {
      const document = await this.get(`${path}${path.includes('?') ? '&' : '?'}page[size]=100&page[number]=${page}`);
      found.push(...(document.data as Resource[]));
      if (!document.links?.['next']) return found;
    }
  }

  async container(number: string): Promise<Resource> {
    const [found] = await this.all(`/v2/containers?filter[number]=${number}`);
    if (!found) throw new Error(`the api has no container ${number}`);
    return found;
  }

  /** The api's journey answer for a container (its `journey` attribute, docs/containers.md "Journey"). */
  journey(container: Resource): Journey {
    return container.attributes['journey'] as Journey;
  }

  /** At risk within `days` by the api's journey: the domain's risk rule for that horizon (docs/mcp.md). */
  atRisk(container: Resource, days: number): boolean {
    return riskReasons(this.journey(container), days).length > 0;
  }
}

function relatedId(resource: Resource, name: string): string | null {
  const linkage = resource.relationships?.[name]?.data;
  return linkage && !Array.isArray(linkage) ? linkage.id : null;
}

async function tool<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (result.isError) throw new Error(`tool ${name} refused: ${text}`);
  return JSON.parse(text) as T;
}

interface Summary {
  id: string;
  number: string;
  status: string;
  waiting_at: string | null;
  ready_for_pickup: boolean;
  last_free_day: string | null;
  last_free_day_source: string | null;
  days_left: number | null;
  holds: { name: string; status: string }[] | null;
  at_risk: boolean;
  eta: string | null;
  shipment: { id: string; bill_of_lading_number: string } | null;
}

const numbers = (rows: readonly { number: string | null }[]): string[] => rows.map((r) => r.number ?? '').sort();
const attributeNumbers = (rows: readonly Resource[]): string[] => rows.map((r) => String(r.attributes['number'])).sort();

describe('MCP evaluation: an assistant’s questions over the sandbox scenarios, answered by tool calls and checked against the REST api', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  const sink = new WebhookSink();
  const processes: AppProcess[] = [];
  let client: Client;
  let rest: RestApi;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Evaluation Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'evaluation key',
    );
    const port = await freePort();
    const common = { DATABASE_URL: db.url, REDIS_PREFIX: prefix, OUTBOX_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'warn' };
    const webhookPolicy = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    const api = new AppProcess('api', {
      ...common,
      ...webhookPolicy,
      PORT: String(port),
      // Every question is a few REST calls: one assistant's session, not a load.
      RATE_LIMIT_DEFAULT: '100000',
      RATE_LIMIT_CREATE_TRACKING_REQUEST: '100000',
      RATE_LIMIT_INFER_NUMBER: '100000',
    });
    const tracker = new AppProcess('tracker-worker', {
      ...common,
      SANDBOX_CLOCK_COMPRESSION: String(COMPRESSION),
      REFRESH_MIN_INTERVAL_MS: '300',
      REFRESH_JITTER_RATIO: '0',
      SCHEDULER_TICK_MS: '200',
      LOG_LEVEL: 'info',
    });
    const dispatcher = new AppProcess('webhook-dispatcher', { ...common, ...webhookPolicy, LOG_LEVEL: 'info' });
    processes.push(api, tracker, dispatcher);
    const base = `http://127.0.0.1:${port}`;
    await Promise.all([
      api.waitReady(`${base}/health/ready`, 180_000),
      tracker.opsUrl(180_000).then((url) => tracker.waitReady(`${url}/health/ready`)),
      dispatcher.opsUrl(180_000).then((url) => dispatcher.waitReady(`${url}/health/ready`)),
    ]);
    rest = new RestApi(base, key);

    const post = async (path: string, body: unknown): Promise<void> => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Token ${key}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    };
    await post('/v2/webhooks', {
      data: { type: 'webhook', attributes: { url: await sink.listen(), active: true, events: [...EVENT_NAMES] } },
    });
    for (const { number, type } of TRACKED)
      await post('/v2/tracking_requests', {
        data: { type: 'tracking_request', attributes: { request_number: number, request_type: type, scac: SCAC } },
      });

    // Play until the containers wait at the port with holds, availability and last free days (scenario day 4 on), then stop the
    // tracker so the state holds still (holds clear from day 7 on; 30 s of margin at this clock).
    const deadline = Date.now() + 240_000;
    for (;;) {
      const [held, fees, changes] = await Promise.all([HELD, FEES, LFD_CHANGES].map((n) => rest.container(n).catch(() => null)));
      const ready =
        ((held?.attributes['holds_at_pod_terminal'] as unknown[] | undefined) ?? []).length > 0 &&
        fees?.attributes['pickup_lfd'] != null &&
        changes?.attributes['available_for_pickup'] === true;
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the sandbox did not reach day 4 in time:\n${tracker.text.slice(-3000)}`);
      await sleep(500);
    }
    await tracker.stop('SIGTERM');
    // Every notification of what was played delivered before the dispatcher stops too: nothing moves while questions are asked.
    for (;;) {
      const pending = await rest.all('/v2/webhook_notifications?filter[delivery_status]=pending');
      if (pending.length === 0) break;
      if (Date.now() > deadline + 120_000) throw new Error(`${pending.length} notifications still pending`);
      await sleep(500);
    }
    await dispatcher.stop('SIGTERM');

    client = new Client({ name: 'quayside-evaluation', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
  }, 600_000);

  afterAll(async () => {
    await client?.close();
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    await sink.close();
    await db?.drop();
    await deleteRedisKeys(prefix);
  }, 60_000);

  it('the frozen state is one an operations person has questions about (none of the checks below is vacuous)', async () => {
    const all = await rest.all('/v2/containers');
    const phases = new Set(all.map((c) => rest.journey(c).phase));
    expect([...phases]).toEqual(expect.arrayContaining(['on_water', 'at_port']));
    expect((await rest.container(HELD)).attributes['holds_at_pod_terminal']).not.toEqual([]);
    expect(all.some((c) => rest.atRisk(c, 7))).toBe(true);
  });

  // 1
  it(`Where is container ${HELD} now?`, async () => {
    const answer = await tool<Summary & { place_name: string }>(client, 'get_container', { container: HELD });
    const container = await rest.container(HELD);
    const journey = rest.journey(container);
    expect(answer).toMatchObject({ id: container.id, number: HELD, status: journey.phase, waiting_at: journey.waiting_at });
    expect(answer.status).toBe('at_port');
    const shipment = (await rest.get(`/v2/shipments/${relatedId(container, 'shipment')}`)).data as Resource;
    expect(answer.place_name).toBe(shipment.attributes['port_of_discharge_name']);
  });

  // 2
  it(`What holds are on ${HELD}?`, async () => {
    const answer = await tool<Summary>(client, 'get_container', { container: HELD.toLowerCase() });
    const holds = (await rest.container(HELD)).attributes['holds_at_pod_terminal'] as { name: string; status: string }[];
    expect(answer.holds?.map((h) => [h.name, h.status])).toEqual(holds.map((h) => [h.name, h.status]));
    expect(holds.length).toBeGreaterThan(0);
  });

  // 3
  it(`Can I pick up ${HELD} today?`, async () => {
    const answer = await tool<Summary & { available_for_pickup: boolean | null }>(client, 'get_container', { container: HELD });
    const attributes = (await rest.container(HELD)).attributes;
    expect([answer.available_for_pickup, answer.ready_for_pickup]).toEqual([
      attributes['available_for_pickup'],
      attributes['ready_for_pickup'],
    ]);
    expect(answer.ready_for_pickup).toBe(false);
  });

  // 4
  it(`What is the last free day of ${FEES}, and who set it?`, async () => {
    const answer = await tool<Summary>(client, 'get_container', { container: FEES });
    const attributes = (await rest.container(FEES)).attributes;
    expect([answer.last_free_day, answer.last_free_day_source]).toEqual([attributes['pickup_lfd'], attributes['pickup_lfd_source']]);
    expect(answer.last_free_day).not.toBeNull();
  });

  // 5
  it('Which containers are on bill of lading TEST-TR-MULTI-CONTAINER?', async () => {
    const answer = await tool<{ shipment: { id: string }; containers: Summary[] }>(client, 'get_shipment', {
      shipment: 'TEST-TR-MULTI-CONTAINER',
    });
    const [shipment] = await rest.all('/v2/shipments?number=TEST-TR-MULTI-CONTAINER');
    const containers = await rest.all(`/v2/containers?filter[shipment_id]=${shipment!.id}`);
    expect(answer.shipment.id).toBe(shipment!.id);
    expect(numbers(answer.containers)).toEqual(attributeNumbers(containers));
    expect(answer.containers).toHaveLength(3);
  });

  // 6
  it('When does booking TESTBK0005 arrive, and under which bill of lading (it was tracked by the booking)?', async () => {
    const answer = await tool<{
      shipment: { id: string; bill_of_lading_number: string; pod_eta_at: string | null; pod_ata_at: string | null };
    }>(client, 'get_shipment', { shipment: 'TESTBK0005' });
    const [shipment] = await rest.all('/v2/shipments?number=TESTBK0005');
    expect(answer.shipment).toMatchObject({
      id: shipment!.id,
      bill_of_lading_number: shipment!.attributes['bill_of_lading_number'],
      pod_eta_at: shipment!.attributes['pod_eta_at'],
      pod_ata_at: shipment!.attributes['pod_ata_at'],
    });
    expect(answer.shipment.bill_of_lading_number).toBe('TEST-TR-TRANSSHIPMENT');
  });

  // 7
  it('Which vessel and voyage carry TEST-TR-RAIL?', async () => {
    const answer = await tool<{ shipment: { vessel: string | null; voyage: string | null } }>(client, 'get_shipment', {
      shipment: 'TEST-TR-RAIL',
    });
    const [shipment] = await rest.all('/v2/shipments?number=TEST-TR-RAIL');
    expect(answer.shipment).toMatchObject({
      vessel: shipment!.attributes['pod_vessel_name'],
      voyage: shipment!.attributes['pod_voyage_number'],
    });
    expect(answer.shipment.vessel).toBeTruthy();
  });

  // 8
  it(`Which shipment is container ${RAIL} on?`, async () => {
    const answer = await tool<{ shipment: { id: string; bill_of_lading_number: string } }>(client, 'get_shipment', { shipment: RAIL });
    const container = await rest.container(RAIL);
    expect(answer.shipment.id).toBe(relatedId(container, 'shipment'));
    expect(answer.shipment.bill_of_lading_number).toBe('TEST-TR-RAIL');
  });

  // 9
  it('I only remember "QSDU2006": what is it?', async () => {
    const answer = await tool<{ shipments: { containers: Summary[] }[]; containers: Summary[] }>(client, 'search', { query: 'QSDU2006' });
    const hits = (await rest.get('/v2/search?query=QSDU2006')).data as Resource[];
    const expected = new Set<string>();
    for (const hit of hits) {
      if (hit.type === 'cargo') expected.add(String(hit.attributes['number']));
      if (hit.type === 'shipment')
        for (const c of await rest.all(`/v2/containers?filter[shipment_id]=${hit.id}`)) expected.add(String(c.attributes['number']));
    }
    expect(numbers([...answer.shipments.flatMap((s) => s.containers), ...answer.containers])).toEqual([...expected].sort());
    expect(expected.has(boxOf('TEST-TR-MULTI-CONTAINER'))).toBe(true);
  });

  // 10
  it('Which containers are still on the water?', async () => {
    const answer = await tool<{ total: number; containers: Summary[] }>(client, 'list_containers', { status: ['on_water'] });
    const expected = (await rest.all('/v2/containers')).filter((c) => rest.journey(c).phase === 'on_water');
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(answer.total).toBeGreaterThan(0);
  });

  // 11
  it('Which containers are waiting at the port?', async () => {
    const answer = await tool<{ containers: Summary[] }>(client, 'list_containers', { status: ['at_port'] });
    const expected = (await rest.all('/v2/containers')).filter((c) => rest.journey(c).waiting_at === 'port_of_discharge');
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(numbers(answer.containers)).toEqual(expect.arrayContaining([HELD, FEES]));
  });

  // 12
  it('Which containers can be picked up now?', async () => {
    const answer = await tool<{ containers: Summary[] }>(client, 'list_containers', { ready_for_pickup: true });
    const expected = (await rest.all('/v2/containers')).filter((c) => rest.journey(c).ready_for_pickup);
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(answer.containers.length).toBeGreaterThan(0);
  });

  // 13
  it('Which containers have holds?', async () => {
    const answer = await tool<{ containers: Summary[] }>(client, 'list_containers', { with_holds: true });
    const expected = (await rest.all('/v2/containers')).filter((c) => (rest.journey(c).holds ?? []).length > 0);
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(numbers(answer.containers)).toContain(HELD);
  });

  // 14
  it('What is at risk of demurrage this week?', async () => {
    const answer = await tool<{ containers: { id: string; number: string }[] }>(client, 'list_containers_at_risk', { days: 7 });
    const expected = (await rest.all('/v2/containers')).filter((c) => rest.atRisk(c, 7));
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(numbers(answer.containers)).toEqual(expect.arrayContaining([HELD, FEES]));
  });

  // 15
  it('Which containers are flagged at risk in the list, with their days left?', async () => {
    const answer = await tool<{ containers: Summary[] }>(client, 'list_containers', {});
    const all = await rest.all('/v2/containers');
    for (const summary of answer.containers) {
      const journey = rest.journey(all.find((c) => c.id === summary.id)!);
      expect({ number: summary.number, at_risk: summary.at_risk, days_left: summary.days_left }).toEqual({
        number: summary.number,
        at_risk: journey.at_risk,
        days_left: journey.days_left,
      });
    }
    expect(answer.containers.some((c) => c.at_risk)).toBe(true);
  });

  // 16
  it('How many containers am I tracking?', async () => {
    const answer = await tool<{ total: number }>(client, 'list_containers', { limit: 1 });
    expect(answer.total).toBe((await rest.all('/v2/containers')).length);
    expect(answer.total).toBe(TRACKED.flatMap((t) => scenario(t.scenario).containers).length);
  });

  // 17
  it('Why did TEST-TR-FAILED not track?', async () => {
    const answer = await tool<{ tracking_requests: { id: string; status: string; failed_reason: string | null }[] }>(client, 'search', {
      query: 'TEST-TR-FAILED',
    });
    const requests = await rest.all('/v2/tracking_requests');
    const failed = requests.find((r) => r.attributes['request_number'] === 'TEST-TR-FAILED')!;
    expect(answer.tracking_requests).toEqual([
      expect.objectContaining({ id: failed.id, status: failed.attributes['status'], failed_reason: failed.attributes['failed_reason'] }),
    ]);
    expect(answer.tracking_requests[0]!.status).toBe('failed');
  });

  // 18
  it(`What happened to ${HELD} so far?`, async () => {
    const answer = await tool<{ milestones: { event: string; at: string }[] }>(client, 'get_container', { container: HELD });
    const container = await rest.container(HELD);
    const events = (await rest.all(`/v2/containers/${container.id}/transport_events`)).filter(
      (e) => e.attributes['invalidated_at'] == null,
    );
    const expected = events
      .map((e) => [String(e.attributes['timestamp']), String(e.attributes['event'])])
      .sort(([x], [y]) => x!.localeCompare(y!));
    expect(answer.milestones.map((m) => [m.at, m.event])).toEqual(expected);
    expect(answer.milestones.map((m) => m.event)).toContain('container.transport.vessel_discharged');
  });

  // 19
  it('What changed today?', async () => {
    const answer = await tool<{ since: string; containers: (Summary & { new_milestones: unknown[] })[] }>(client, 'list_recent_changes', {
      hours: 24,
    });
    const expected = await rest.all(`/v2/containers?filter[updated_at][start]=${encodeURIComponent(answer.since)}`);
    expect(numbers(answer.containers)).toEqual(attributeNumbers(expected));
    expect(answer.containers.some((c) => c.new_milestones.length > 0)).toBe(true);
  });

  // 20
  it('What did my webhook get in the last hour?', async () => {
    const answer = await tool<{ id: string; event: string; delivery_status: string }[]>(client, 'list_recent_notifications', {
      hours: 1,
      limit: 100,
    });
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    const expected = (await rest.all(`/v2/webhook_notifications?filter[created_at][start]=${encodeURIComponent(since)}`)).reverse();
    expect(answer.map((n) => [n.id, n.event, n.delivery_status])).toEqual(
      expected.slice(0, 100).map((n) => [n.id, n.attributes['event'], n.attributes['delivery_status']]),
    );
    expect(answer.length).toBeGreaterThan(0);
  });

  // 21
  it('Did any webhook delivery fail?', async () => {
    const answer = await tool<{ id: string }[]>(client, 'list_failed_deliveries', { hours: 24 });
    const expected = await rest.all('/v2/webhook_notifications?filter[delivery_status]=failed');
    expect(answer.map((n) => n.id).sort()).toEqual(expected.map((n) => n.id).sort());
  });

  // 22
  it('Start tracking booking TESTBK0001 (no line or type given)', async () => {
    const answer = await tool<{ tracking_request: { id: string } }>(client, 'track', { number: 'TESTBK0001' });
    const created = (await rest.get(`/v2/tracking_requests/${answer.tracking_request.id}`)).data as Resource;
    expect(created.attributes).toMatchObject({ request_number: 'TESTBK0001', request_type: 'booking_number', scac: SCAC });
  });

  // 23
  it(`Start tracking container ${boxOf('TEST-TR-SUCCEEDED')} too`, async () => {
    const number = boxOf('TEST-TR-SUCCEEDED');
    const answer = await tool<{ tracking_request: { id: string } }>(client, 'track', { number });
    const created = (await rest.get(`/v2/tracking_requests/${answer.tracking_request.id}`)).data as Resource;
    expect(created.attributes).toMatchObject({ request_number: number, request_type: 'container', scac: SCAC });
  });

  // 24
  it('Prepare my daily demurrage check', async () => {
    const prompt = await client.getPrompt({ name: 'daily_demurrage_check', arguments: { days: '7' } });
    const text = JSON.stringify(prompt.messages);
    const expected = (await rest.all('/v2/containers')).filter((c) => rest.atRisk(c, 7));
    for (const container of expected) expect(text).toContain(String(container.attributes['number']));
    expect(expected.length).toBeGreaterThan(0);
  });
});
