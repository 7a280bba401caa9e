import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { QuaysideApi } from '../api/quayside-api';
import { registerNotificationTools } from './notification-tools';
import { registerOperationsPrompts } from './operations-prompts';
import { registerTrackingResources } from './tracking-resources';
import { registerTrackingTools } from './tracking-tools';

export interface QuaysideMcpOptions {
  version: string;
  /** The clock for "at risk" and "recent"; tests pin it. */
  now?: () => Date;
}

/**
 * The Quayside MCP server (docs/mcp.md): tools, resources and prompts over one account's REST
 * api. The same server runs behind Streamable HTTP (/mcp on the api) and stdio (`npm run mcp`).
 */
export function createQuaysideMcpServer(api: QuaysideApi, options: QuaysideMcpOptions): McpServer {
  const now = options.now ?? (() => new Date());
  const server = new McpServer(
    { name: 'quayside', title: 'Quayside container tracking', version: options.version },
    {
      instructions:
        'Ocean container tracking of one Quayside account: track numbers, read journeys, find containers at risk of demurrage, check webhook deliveries.',
    },
  );
  registerTrackingTools(server, api, now);
  registerNotificationTools(server, api, now);
  registerTrackingResources(server, api);
  registerOperationsPrompts(server);
  return server;
}
