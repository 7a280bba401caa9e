import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { containersAtRisk } from '@quayside/json-api';
import { readSingle } from '@quayside/json-api';
import { answer, ToolInputError } from './tool-result';
import { TrackingReads } from './tracking-reads';

const REQUEST_TYPES = ['container', 'bill_of_lading', 'booking_number'] as const;
const uuid = (what: string) =>
  z.string().uuid({ message: `${what} must be a Quayside id (a uuid); use the search tool to find it from a number.` });

/** Tracking data: start tracking, read one container or shipment, find the containers at risk. */
export function registerTrackingTools(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const reads = new TrackingReads(api);

  server.registerTool(
    'track_number',
    {
      title: 'Track a number',
      description:
        'Starts tracking a container number, bill of lading or booking number. Without request_type or scac, Quayside infers them from the number ' +
        '(container numbers by their ISO 6346 form, lines by owner codes and bill of lading prefixes).',
      inputSchema: {
        number: z.string().trim().min(4, 'number must have at least 4 characters.').max(50, 'number must have at most 50 characters.'),
        request_type: z.enum(REQUEST_TYPES).optional(),
        scac: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2,4}$/, 'scac must be the 2 to 4 letter code of the shipping line, e.g. MAEU.')
          .optional(),
      },
    },
    ({ number, request_type, scac }) =>
      answer(async () => {
        const inferred = request_type && scac ? null : await infer(api, number);
        const requestType = request_type ?? inferred?.request_type;
        const line = scac ?? inferred?.scac;
        if (!requestType)
          throw new ToolInputError(`Could not tell whether ${number} is a bill of lading or a booking number: give request_type.`);
        if (!line) throw new ToolInputError(`Could not tell the shipping line of ${number}: give scac (e.g. MAEU, MSCU, CMDU).`);
        const body = {
          data: { type: 'tracking_request', attributes: { request_type: requestType, request_number: number, scac: line.toUpperCase() } },
        };
        const created = readSingle(await expectSuccess(api, 'POST', '/v2/tracking_requests', body));
        return { tracking_request: { id: created.data.id, ...created.data.attributes } };
      }),
  );

  server.registerTool(
    'get_container',
    {
      title: 'Get a container',
      description: 'One container with its milestones, ETA, holds, fees, last free day, availability and shipment.',
      inputSchema: { container_id: uuid('container_id') },
      annotations: { readOnlyHint: true },
    },
    ({ container_id }) => answer(() => reads.container(container_id)),
  );

  server.registerTool(
    'get_shipment',
    {
      title: 'Get a shipment',
      description: 'One shipment (bill of lading, line, ports, vessel, ETA) with each of its containers as get_container shows them.',
      inputSchema: { shipment_id: uuid('shipment_id') },
      annotations: { readOnlyHint: true },
    },
    ({ shipment_id }) => answer(() => reads.shipment(shipment_id)),
  );

  server.registerTool(
    'list_containers_at_risk',
    {
      title: 'Containers at risk',
      description:
        'Containers not yet picked up whose last free day is within `days` days (or has passed), or that have holds at the terminal; most urgent first.',
      inputSchema: {
        days: z
          .number()
          .int('days must be a whole number.')
          .min(0, 'days must be 0 or more.')
          .max(60, 'days must be at most 60.')
          .default(3),
      },
      annotations: { readOnlyHint: true },
    },
    ({ days }) =>
      answer(async () => {
        const all = await reads.containersWhere();
        return { as_of: now().toISOString(), within_days: days, containers: containersAtRisk(all, now(), days) };
      }),
  );

  server.registerTool(
    'search',
    {
      title: 'Search',
      description:
        'Finds shipments, containers and tracking requests by a number or reference (substring, case-insensitive; at most 25 results).',
      inputSchema: {
        query: z.string().trim().min(3, 'query must have at least 3 characters.').max(100, 'query must have at most 100 characters.'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ query }) =>
      answer(async () => ((await expectSuccess(api, 'GET', `/v2/search?query=${encodeURIComponent(query)}`)) as { data: unknown[] }).data),
  );
}

async function infer(api: QuaysideApi, number: string): Promise<{ request_type: string | null; scac: string | null }> {
  const document = (await expectSuccess(api, 'POST', '/v2/tracking_requests/infer_number', { number })) as {
    data: { attributes: { request_type: string | null; shipping_line: { selected: { scac: string } | null } } };
  };
  const attributes = document.data.attributes;
  return { request_type: attributes.request_type, scac: attributes.shipping_line.selected?.scac ?? null };
}
