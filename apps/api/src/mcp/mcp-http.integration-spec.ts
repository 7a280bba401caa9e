import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { inFixtureTransaction, WebhookNotificationRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext } from '../test/api-test-app';
import { seedWebhook, seedWebhookNotification } from '../test/webhook-fixtures';
import { seedMcpFixture } from '../test/mcp-fixtures';
import type { McpFixture } from '../test/mcp-fixtures';
import { newClient, toolError, toolJson } from '../test/mcp-client';
import { createContainer, serveCarriers } from '@quayside/testing';

describe('MCP over Streamable HTTP (/mcp)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let base: string;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let fixture: McpFixture;
  const clients: Client[] = [];

  async function connect(authorization: string): Promise<Client> {
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization } } }));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU']);
    app = await ctx.startApp();
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    base = base.replace('[::1]', '127.0.0.1');
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
    fixture = await seedMcpFixture(ctx.db.dataSource, owner);
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await ctx.close();
  });

  it('refuses a missing or unknown key with a JSON:API 401', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(`${base}/mcp`, { method: 'POST', headers, body: JSON.stringify(initialize) });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await missing.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toContain('Authorization: Token <API_KEY>');
    const unknown = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer qs_live_nope' },
      body: JSON.stringify(initialize),
    });
    expect(unknown.status).toBe(401);
  });

  it('answers GET with 405: the endpoint is stateless', async () => {
    const response = await fetch(`${base}/mcp`, { headers: { authorization: `Token ${owner.key}`, accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('lists the tools, resource templates and prompts (Token and Bearer alike)', async () => {
    for (const authorization of [`Token ${owner.key}`, `Bearer ${owner.key}`]) {
      const client = await connect(authorization);
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(tools).toEqual([
        'get_container',
        'get_shipment',
        'list_containers',
        'list_containers_at_risk',
        'list_failed_deliveries',
        'list_recent_changes',
        'list_recent_notifications',
        'redeliver_notification',
        'search',
        'track',
      ]);
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate).sort();
      expect(templates).toEqual(['quayside://containers/{id}', 'quayside://shipments/{id}']);
      expect((await client.listPrompts()).prompts.map((p) => p.name).sort()).toEqual(['daily_demurrage_check', 'shipment_status_summary']);
    }
  });

  it('describes every tool and every parameter, and marks the tools that only read', async () => {
    const client = await connect(`Token ${owner.key}`);
    const { tools } = await client.listTools();
    const writers = new Set(['track', 'redeliver_notification']);
    for (const tool of tools) {
      expect({ tool: tool.name, described: (tool.description ?? '').length > 40 }).toEqual({ tool: tool.name, described: true });
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [name, schema] of Object.entries(properties))
        expect({ tool: tool.name, name, described: (schema.description ?? '').length > 15 }).toEqual({
          tool: tool.name,
          name,
          described: true,
        });
      if (writers.has(tool.name)) {
        expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
        expect(typeof tool.annotations?.idempotentHint).toBe('boolean');
      } else expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    }
  });

  it('finds a container from its number in one call, and a shipment from its bill of lading or a container number', async () => {
    const client = await connect(`Token ${owner.key}`);
    const byNumber = await toolJson<{ id: string; number: string; holds: { name: string }[]; shipment: { id: string } }>(
      client,
      'get_container',
      { container: fixture.heldNumber.toLowerCase() },
    );
    expect(byNumber).toMatchObject({ id: fixture.heldId, number: fixture.heldNumber, shipment: { id: fixture.shipmentId } });
    expect(byNumber.holds.map((h) => h.name)).toEqual(['customs']);
    for (const ref of ['MCPBL0001', fixture.heldNumber]) {
      const shipment = await toolJson<{ shipment: { id: string }; containers: unknown[] }>(client, 'get_shipment', { shipment: ref });
      expect(shipment.shipment.id).toBe(fixture.shipmentId);
      expect(shipment.containers).toHaveLength(4);
    }
    expect(await toolError(client, 'get_container', { container: 'MCPBL0001' })).toContain('is a shipment');
    expect(await toolError(client, 'get_container', { container: 'ZZZU0000000' })).toContain('No container numbered ZZZU0000000');
    const foreign = await connect(`Token ${stranger.key}`);
    expect(await toolError(foreign, 'get_container', { container: fixture.heldNumber })).toContain('No container numbered');
  });

  it('gets a container with its milestones, holds, fees and last free day; another account is refused', async () => {
    const client = await connect(`Token ${owner.key}`);
    const journey = await toolJson<{
      id: string;
      last_free_day: string;
      milestones: { event: string }[];
      shipment: { bill_of_lading_number: string };
    }>(client, 'get_container', {
      container: fixture.lfdSoonId,
    });
    expect(journey.id).toBe(fixture.lfdSoonId);
    expect(typeof journey.last_free_day).toBe('string');
    expect(journey.milestones.map((m) => m.event)).toEqual([
      'container.transport.vessel_departed',
      'container.transport.vessel_discharged',
    ]);
    expect(journey.shipment.bill_of_lading_number).toBe('MCPBL0001');

    const foreign = await connect(`Bearer ${stranger.key}`);
    expect(await toolError(foreign, 'get_container', { container: fixture.lfdSoonId })).toMatch(/^Quayside answered 401/);
    expect(await toolError(foreign, 'get_shipment', { shipment: fixture.shipmentId })).toMatch(/^Quayside answered 401/);
  });

  it('validates tool input with a clear error', async () => {
    const client = await connect(`Token ${owner.key}`);
    expect(await toolError(client, 'get_container', { container: 'MSC' })).toContain('container must have at least 4 characters.');
    expect(await toolError(client, 'list_containers_at_risk', { days: -1 })).toContain('days must be 0 or more.');
    expect(await toolError(client, 'search', { query: 'ab' })).toContain('query must have at least 3 characters.');
  });

  it('gets a shipment with its containers and lists the containers at risk, most urgent first', async () => {
    const client = await connect(`Token ${owner.key}`);
    const status = await toolJson<{ shipment: { id: string }; containers: { id: string }[] }>(client, 'get_shipment', {
      shipment: fixture.shipmentId,
    });
    expect(status.shipment.id).toBe(fixture.shipmentId);
    expect(status.containers.map((c) => c.id).sort()).toEqual(
      [fixture.lfdSoonId, fixture.heldId, fixture.relaxedId, fixture.pickedUpId].sort(),
    );

    const risk = await toolJson<{ containers: { id: string; reasons: string[] }[] }>(client, 'list_containers_at_risk', { days: 3 });
    expect(risk.containers.map((c) => c.id)).toEqual([fixture.lfdSoonId, fixture.heldId]);
    expect(risk.containers[1]!.reasons).toEqual(['Held where it waits']);
    const wide = await toolJson<{ containers: { id: string }[] }>(client, 'list_containers_at_risk', { days: 30 });
    expect(wide.containers.map((c) => c.id)).toEqual([fixture.lfdSoonId, fixture.relaxedId, fixture.heldId]);

    const foreign = await connect(`Token ${stranger.key}`);
    expect((await toolJson<{ containers: unknown[] }>(foreign, 'list_containers_at_risk', {})).containers).toEqual([]);
  });

  it('searches within the account only, answering compact summaries', async () => {
    const client = await connect(`Token ${owner.key}`);
    const found = await toolJson<{
      shipments: { id: string; containers: { id: string; status: string; holds: unknown[] | null; last_free_day: string | null }[] }[];
    }>(client, 'search', { query: 'MCPBL0001' });
    expect(found.shipments.map((s) => s.id)).toEqual([fixture.shipmentId]);
    expect(found.shipments[0]!.containers.map((c) => c.id).sort()).toEqual(
      [fixture.lfdSoonId, fixture.heldId, fixture.relaxedId, fixture.pickedUpId].sort(),
    );
    const held = found.shipments[0]!.containers.find((c) => c.id === fixture.heldId)!;
    expect(Object.keys(held)).toEqual(expect.arrayContaining(['number', 'status', 'eta', 'last_free_day', 'holds', 'waiting_at']));
    expect(held.holds).toEqual([expect.objectContaining({ name: 'customs' })]);
    const byContainer = await toolJson<{ shipments: unknown[]; containers: { id: string }[] }>(client, 'search', {
      query: fixture.heldNumber.slice(0, 8),
    });
    expect([...byContainer.containers.map((c) => c.id), ...JSON.stringify(byContainer.shipments).split('"')]).toContain(fixture.heldId);
    const foreign = await connect(`Token ${stranger.key}`);
    expect(await toolJson(foreign, 'search', { query: 'MCPBL0001' })).toEqual({ shipments: [], containers: [], tracking_requests: [] });
  });

  it('tracks a number, inferring its type and line when not given (sandbox numbers too)', async () => {
    const client = await connect(`Token ${owner.key}`);
    for (const [number, requestType] of [
      ['TEST-TR-HOLDS', 'bill_of_lading'],
      ['TESTBK0008', 'booking_number'],
      ['QSDU2004117', 'container'],
    ] as const) {
      const sandbox = await toolJson<{ tracking_request: { request_number: string; scac: string; request_type: string } }>(
        client,
        'track',
        {
          number,
        },
      );
      expect(sandbox.tracking_request).toMatchObject({ request_number: number, scac: 'TEST', request_type: requestType });
    }
    const created = await toolJson<{ tracking_request: { request_number: string; scac: string; request_type: string } }>(client, 'track', {
      number: 'MSCU1234566',
    });
    expect(created.tracking_request).toMatchObject({ request_number: 'MSCU1234566', scac: 'MSCU', request_type: 'container' });
    const explicit = await toolJson<{ tracking_request: { scac: string } }>(client, 'track', {
      number: 'MEDUXY123456',
      request_type: 'bill_of_lading',
      scac: 'mscu',
    });
    expect(explicit.tracking_request.scac).toBe('MSCU');
    expect(await toolError(client, 'track', { number: 'MSCU1234566', scac: 'M4' })).toContain('scac must be the 2 to 4 letter code');
  });

  it('lists recent and failed notifications and redelivers; another account cannot', async () => {
    const db = ctx.db.dataSource;
    const webhookId = await seedWebhook(db, owner.account.id);
    const ok = await seedWebhookNotification(db, owner.account.id, webhookId, 'container.updated', new Date(Date.now() - 60_000));
    const failed = await seedWebhookNotification(
      db,
      owner.account.id,
      webhookId,
      'tracking_request.succeeded',
      new Date(Date.now() - 30_000),
    );
    const notifications = new WebhookNotificationRepository(db);
    await inFixtureTransaction(db, (manager) =>
      notifications.recordAttempt(manager, failed, {
        at: new Date(),
        delivery_status: 'failed',
        last_response_status: 500,
        last_response_body: 'down',
        last_error: 'answered 500',
        next_attempt_at: null,
      }),
    );
    const client = await connect(`Token ${owner.key}`);
    const recent = await toolJson<{ id: string }[]>(client, 'list_recent_notifications', { hours: 1 });
    expect(recent.map((n) => n.id)).toEqual([failed, ok]);
    const failures = await toolJson<{ id: string; last_error: string; webhook_id: string }[]>(client, 'list_failed_deliveries', {});
    expect(failures).toEqual([expect.objectContaining({ id: failed, last_error: 'answered 500', webhook_id: webhookId })]);

    const foreign = await connect(`Token ${stranger.key}`);
    expect(await toolError(foreign, 'redeliver_notification', { notification_id: failed })).toMatch(/^Quayside answered 401/);
    const redelivered = await toolJson<{ id: string; delivery_status: string }>(client, 'redeliver_notification', {
      notification_id: failed,
    });
    expect(redelivered).toMatchObject({ id: failed, delivery_status: 'pending' });
  });

  it('reads container and shipment resources, and renders the prompts', async () => {
    const client = await connect(`Token ${owner.key}`);
    const container = await client.readResource({ uri: `quayside://containers/${fixture.heldId}` });
    const first = container.contents[0] as { text: string };
    expect((JSON.parse(first.text) as { holds: unknown[] }).holds).toHaveLength(1);
    const shipment = await client.readResource({ uri: `quayside://shipments/${fixture.shipmentId}` });
    expect((JSON.parse((shipment.contents[0] as { text: string }).text) as { containers: unknown[] }).containers).toHaveLength(4);
    const foreign = await connect(`Token ${stranger.key}`);
    await expect(foreign.readResource({ uri: `quayside://containers/${fixture.heldId}` })).rejects.toThrow(/401/);

    const check = await client.getPrompt({ name: 'daily_demurrage_check', arguments: { days: '5' } });
    const checkText = JSON.stringify(check.messages);
    expect(checkText).toContain('list_containers_at_risk with days=5');
    // The account's own at-risk containers are in the prompt, not only an instruction to fetch them.
    expect(checkText).toContain(fixture.lfdSoonId);
    expect(checkText).toContain(fixture.heldId);
    const summary = await client.getPrompt({ name: 'shipment_status_summary', arguments: { shipment: 'MCPBL0001' } });
    const attached = summary.messages[0]!.content as { type: string; resource: { uri: string; text: string } };
    expect(attached.resource.uri).toBe(`quayside://shipments/${fixture.shipmentId}`);
    expect((JSON.parse(attached.resource.text) as { containers: unknown[] }).containers).toHaveLength(4);
  });

  it('scans every page of a long list by following the api’s cursor links', async () => {
    const big = await ctx.account({ company: 'Big' });
    for (let i = 0; i < 101; i += 1) await createContainer(ctx.db.dataSource, big.account.id, {});
    const client = await connect(`Token ${big.key}`);
    const listed = await toolJson<{ total: number; containers: { id: string }[] }>(client, 'list_containers', { limit: 200 });
    expect(listed.total).toBe(101);
    expect(new Set(listed.containers.map((c) => c.id)).size).toBe(101);
  });

  it('applies plans exactly as the REST api: an expired trial cannot read tracking data', async () => {
    const expired = await ctx.account({ plan: 'trial', trialEndsAt: new Date(Date.now() - 86_400_000) });
    const client = await connect(`Token ${expired.key}`);
    expect(await toolError(client, 'list_containers_at_risk', {})).toMatch(/^Quayside answered 403/);
  });

  it("counts each tool call against the account's rate limit, as the REST api does", async () => {
    const limited = await ctx.startApp({ RATE_LIMIT_DEFAULT: 2 });
    await limited.listen(0, '127.0.0.1');
    const busy = await ctx.account({ company: 'Busy' });
    const client = newClient();
    clients.push(client);
    const url = (await limited.getUrl()).replace('[::1]', '127.0.0.1');
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Token ${busy.key}` } } }),
    );
    await toolJson(client, 'list_containers_at_risk', {});
    await toolJson(client, 'list_containers_at_risk', {});
    expect(await toolError(client, 'list_containers_at_risk', {})).toMatch(/^Quayside answered 429/);
  });
});
