import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext } from '../test/api-test-app';
import { seedMcpFixture } from '../test/mcp-fixtures';
import type { McpFixture } from '../test/mcp-fixtures';
import { newClient, toolError, toolJson } from '../test/mcp-client';

const ROOT = path.resolve(__dirname, '../../../..');

/** `npm run mcp` as an assistant starts it: the SDK's stdio client spawns the entry against a running api. */
describe('MCP over stdio (npm run mcp)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let base: string;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let fixture: McpFixture;
  const clients: Client[] = [];

  async function spawn(env: Record<string, string>): Promise<Client> {
    const client = newClient();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-r', '@swc-node/register', 'tools/mcp/mcp-stdio.ts'],
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stderr: 'pipe',
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
    fixture = await seedMcpFixture(ctx.db.dataSource, owner);
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await ctx.close();
  });

  it('lists the tools and answers for its own account only', async () => {
    const client = await spawn({ QUAYSIDE_API_KEY: owner.key, QUAYSIDE_BASE_URL: base });
    expect((await client.listTools()).tools).toHaveLength(10);
    const journey = await toolJson<{ id: string; holds: unknown[] }>(client, 'get_container', { container: fixture.heldNumber });
    expect(journey).toMatchObject({ id: fixture.heldId, holds: [expect.objectContaining({ name: 'customs' })] });
    const risk = await toolJson<{ containers: { id: string }[] }>(client, 'list_containers_at_risk', { days: 3 });
    expect(risk.containers.map((c) => c.id)).toEqual([fixture.lfdSoonId, fixture.heldId]);

    const foreign = await spawn({ QUAYSIDE_API_KEY: stranger.key, QUAYSIDE_BASE_URL: base });
    expect(await toolError(foreign, 'get_container', { container: fixture.heldId })).toMatch(/^Quayside answered 401/);
  });

  it("a wrong key gets the REST api's 401 on every tool", async () => {
    const client = await spawn({ QUAYSIDE_API_KEY: 'qs_not_a_key', QUAYSIDE_BASE_URL: base });
    expect(await toolError(client, 'search', { query: 'MCPBL' })).toMatch(/^Quayside answered 401/);
  });
});
