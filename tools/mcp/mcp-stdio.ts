/**
 * The Quayside MCP server over stdio, for assistants that start a local command (docs/mcp.md):
 *
 *   QUAYSIDE_API_KEY=... QUAYSIDE_BASE_URL=https://quayside.example.com npm run mcp
 *
 * Every tool calls the REST api at QUAYSIDE_BASE_URL with that key. stdout carries the protocol,
 * so anything for a person goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createQuaysideMcpServer, FetchQuaysideApi } from '@quayside/mcp';
import { mcpStdioConfig } from './mcp-stdio-config';

async function main(): Promise<void> {
  const config = mcpStdioConfig(process.env);
  if (typeof config === 'string') {
    console.error(config);
    process.exit(2);
  }
  const server = createQuaysideMcpServer(new FetchQuaysideApi(config.baseUrl, config.apiKey), { version: '0.2.0' });
  await server.connect(new StdioServerTransport());
  console.error(`Quayside MCP server on stdio, api at ${config.baseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
