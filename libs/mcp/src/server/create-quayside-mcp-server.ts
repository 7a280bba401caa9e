import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { QuaysideApi } from '../api/quayside-api';
import { registerLookupTools } from './lookup-tools';
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
        'Ocean container tracking of one Quayside account. Name containers and shipments by their numbers (container, bill of lading, booking): ' +
        'get_container and get_shipment take them directly, search finds partial numbers. list_containers filters by journey status, ' +
        'list_containers_at_risk finds demurrage risk, list_recent_changes says what changed, track starts tracking a number, ' +
        'and the notification tools check webhook deliveries. Dates are ISO 8601 in UTC; a null value means not reported, never zero or false.',
    },
  );
  registerTrackingTools(server, api, now);
  registerLookupTools(server, api, now);
  registerNotificationTools(server, api, now);
  registerTrackingResources(server, api, now);
  registerOperationsPrompts(server, api, now);
  return server;
}
