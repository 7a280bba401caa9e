import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { QuaysideApi } from '../api/quayside-api';
import { TrackingReads } from './tracking-reads';

export const CONTAINER_URI = 'quayside://containers/{id}';
export const SHIPMENT_URI = 'quayside://shipments/{id}';

/** A container's and a shipment's journey as resources an assistant can attach to a conversation. */
export function registerTrackingResources(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const reads = new TrackingReads(api, now);
  server.registerResource(
    'container',
    new ResourceTemplate(CONTAINER_URI, { list: undefined }),
    {
      title: 'Container journey',
      description:
        'One container by its id or number: journey status, where it waits, ETA, availability, last free day, holds, fees and milestones (as get_container).',
      mimeType: 'application/json',
    },
    async (uri, variables) => json(uri.href, await reads.container(single(variables['id']))),
  );
  server.registerResource(
    'shipment',
    new ResourceTemplate(SHIPMENT_URI, { list: undefined }),
    {
      title: 'Shipment status',
      description: 'One shipment by its id, bill of lading or booking number, with its containers summarized (as get_shipment).',
      mimeType: 'application/json',
    },
    async (uri, variables) => json(uri.href, await reads.shipment(single(variables['id']))),
  );
}

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
}
