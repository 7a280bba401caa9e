import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { JOURNEY_PHASES } from '@quayside/domain';
import { readList, readSingle, related, shipmentHeadline, text } from '@quayside/json-api';
import type { ResourceObject } from '@quayside/json-api';
import { z } from 'zod';
import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { containerSummary } from './container-summary';
import type { ContainerSummary } from './container-summary';
import { READ_ONLY } from './tool-annotations';
import { answer } from './tool-result';
import { listPages } from './list-pages';
import { TrackingReads } from './tracking-reads';

const HOUR_MS = 3_600_000;
/** Containers summarized at most by one search: each costs a REST call. */
const SEARCH_MAX_CONTAINERS = 25;

const containerRef = z
  .string()
  .trim()
  .min(4, 'container must have at least 4 characters.')
  .max(50, 'container must have at most 50 characters.')
  .describe('The container number (e.g. MSCU1234566; spaces are ignored) or its Quayside id.');
const shipmentRef = z
  .string()
  .trim()
  .min(4, 'shipment must have at least 4 characters.')
  .max(50, 'shipment must have at most 50 characters.')
  .describe('The bill of lading, the booking (or other) number it was tracked by, one of its container numbers, or its Quayside id.');

/** Reading tracking data by the numbers people use: one container, one shipment, a search, a filtered list, what changed. */
export function registerLookupTools(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const reads = new TrackingReads(api, now);

  server.registerTool(
    'get_container',
    {
      title: 'Get a container',
      description:
        'One container, found by its number in one call: where it is in its journey (status, where it waits), ETA, availability, ' +
        'last free day and days left, holds, fees, demurrage risk, its shipment, and every milestone in time order.',
      inputSchema: { container: containerRef },
      annotations: { title: 'Get a container', ...READ_ONLY },
    },
    ({ container }) => answer(() => reads.container(container)),
  );

  server.registerTool(
    'get_shipment',
    {
      title: 'Get a shipment',
      description:
        'One shipment (bill of lading) found by its bill of lading, booking or container number in one call: line, ports, vessel, ' +
        'voyage, ETA, and each of its containers summarized (status, where it waits, last free day, holds).',
      inputSchema: { shipment: shipmentRef },
      annotations: { title: 'Get a shipment', ...READ_ONLY },
    },
    ({ shipment }) => answer(() => reads.shipment(shipment)),
  );

  server.registerTool(
    'search',
    {
      title: 'Search',
      description:
        'Finds shipments, containers and tracking requests whose number or reference contains `query` (case-insensitive). ' +
        'Answers compact summaries: each shipment with its containers, each container with status, ETA, last free day, holds and ' +
        'where it waits, and tracking requests that have not found a shipment (pending or failed, with why).',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(3, 'query must have at least 3 characters.')
          .max(100, 'query must have at most 100 characters.')
          .describe('A container, bill of lading, booking or reference number, whole or in part (at least 3 characters).'),
      },
      annotations: { title: 'Search', ...READ_ONLY },
    },
    ({ query }) => answer(() => search(api, query)),
  );

  server.registerTool(
    'list_containers',
    {
      title: 'List containers',
      description:
        'The account’s containers as compact summaries, optionally only those in some journey statuses, ready for pickup or with holds; ' +
        'soonest last free day first, then soonest ETA.',
      inputSchema: {
        status: z
          .array(z.enum(JOURNEY_PHASES))
          .min(1, 'status must name at least one status.')
          .optional()
          .describe(
            'Only containers in these journey statuses: not_started, at_origin, on_water, at_port, on_rail, at_inland_destination, ' +
              'picked_up, delivered, empty_returned.',
          ),
        ready_for_pickup: z
          .boolean()
          .optional()
          .describe('true: only those available where they wait with no hold; false: only the others.'),
        with_holds: z.boolean().optional().describe('true: only those with an active hold where they wait.'),
        limit: z
          .number()
          .int('limit must be a whole number.')
          .min(1, 'limit must be at least 1.')
          .max(200, 'limit must be at most 200.')
          .default(50)
          .describe('At most this many containers (1–200, default 50); `total` says how many matched.'),
      },
      annotations: { title: 'List containers', ...READ_ONLY },
    },
    ({ status, ready_for_pickup, with_holds, limit }) =>
      answer(async () => {
        const matched = (await reads.summaries())
          .filter((c) => status === undefined || status.includes(c.status))
          .filter((c) => ready_for_pickup === undefined || c.ready_for_pickup === ready_for_pickup)
          .filter((c) => with_holds !== true || (c.holds?.length ?? 0) > 0)
          .sort(byUrgency);
        return { as_of: now().toISOString(), total: matched.length, containers: matched.slice(0, limit) };
      }),
  );

  server.registerTool(
    'list_recent_changes',
    {
      title: 'Recent changes',
      description:
        'What changed in the last `hours` hours: each container updated since then, summarized, with the milestones Quayside learned ' +
        'of in that time (newest change first).',
      inputSchema: {
        hours: z
          .number()
          .int('hours must be a whole number.')
          .min(1, 'hours must be at least 1.')
          .max(24 * 30, 'hours must be at most 720 (30 days).')
          .default(24)
          .describe('How far back to look, in hours (1–720, default 24: "today").'),
      },
      annotations: { title: 'Recent changes', ...READ_ONLY },
    },
    ({ hours }) =>
      answer(async () => {
        const since = new Date(now().getTime() - hours * HOUR_MS).toISOString();
        const changed: (ContainerSummary & { updated_at: string | null; new_milestones: unknown[] })[] = [];
        const pages = await listPages(
          api,
          `/v2/containers?include=shipment,transport_events&filter[updated_at][start]=${encodeURIComponent(since)}&page[size]=100`,
        );
        for (const list of pages)
          for (const container of list.data)
            changed.push({
              ...containerSummary(container, list.included),
              updated_at: text(container.attributes['updated_at']),
              new_milestones: learnedSince(related(container, 'transport_events', list.included), since),
            });
        changed.sort((x, y) => (y.updated_at ?? '').localeCompare(x.updated_at ?? ''));
        return { since, containers: changed };
      }),
  );
}

/** Soonest last free day first, then soonest ETA, then by number: the order an operations person reads a list in. */
function byUrgency(x: ContainerSummary, y: ContainerSummary): number {
  const key = (c: ContainerSummary): string => c.last_free_day ?? '\uffff';
  return (
    key(x).localeCompare(key(y)) || (x.eta ?? '\uffff').localeCompare(y.eta ?? '\uffff') || (x.number ?? '').localeCompare(y.number ?? '')
  );
}

/** Milestones Quayside recorded since `since` (not withdrawn), in time order. */
function learnedSince(events: readonly ResourceObject[], since: string): { event: string; at: string | null; location: string | null }[] {
  return events
    .filter((e) => (text(e.attributes['created_at']) ?? '') >= since && !text(e.attributes['invalidated_at']))
    .map((e) => ({
      event: text(e.attributes['event']) ?? 'unknown',
      at: text(e.attributes['timestamp']),
      location: text(e.attributes['location_locode']),
    }))
    .sort((x, y) => (x.at ?? '').localeCompare(y.at ?? ''));
}

interface SearchHit {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

/**
 * `GET /v2/search`, then each hit summarized: a shipment with its containers, a container alone
 * when its shipment is not a hit itself, a tracking request as its state.
 */
async function search(api: QuaysideApi, query: string): Promise<unknown> {
  const hits = ((await expectSuccess(api, 'GET', `/v2/search?query=${encodeURIComponent(query)}`)) as { data: SearchHit[] }).data;
  const shipments: Record<string, unknown>[] = [];
  const containers: ContainerSummary[] = [];
  let budget = SEARCH_MAX_CONTAINERS;
  for (const hit of hits.filter((h) => h.type === 'shipment')) {
    const list = readList(
      await expectSuccess(
        api,
        'GET',
        `/v2/containers?include=shipment,transport_events&filter[shipment_id]=${hit.id}&page[size]=${Math.max(budget, 1)}`,
      ),
    );
    const shipment = list.included.find((r) => r.type === 'shipment' && r.id === hit.id);
    const summaries = list.data.slice(0, budget).map((c) => containerSummary(c, list.included));
    budget -= summaries.length;
    shipments.push({
      ...(shipment ? shipmentHeadline(shipment) : { id: hit.id, bill_of_lading_number: text(hit.attributes['number']) }),
      containers_count: hit.attributes['containers_count'] ?? summaries.length,
      containers: summaries,
    });
  }
  const shown = new Set(shipments.map((s) => s['id']));
  for (const hit of hits.filter((h) => h.type === 'cargo' && !shown.has(h.attributes['shipment_id']))) {
    if (budget <= 0) break;
    const doc = readSingle(await expectSuccess(api, 'GET', `/v2/containers/${hit.id}?include=shipment,transport_events`));
    containers.push(containerSummary(doc.data, doc.included));
    budget -= 1;
  }
  const trackingRequests = hits
    .filter((h) => h.type === 'tracking_request')
    .map((h) => ({
      id: h.id,
      number: h.attributes['number'] ?? null,
      scac: h.attributes['scac'] ?? null,
      status: h.attributes['status'] ?? null,
      failed_reason: h.attributes['failed_reason'] ?? null,
    }));
  return { shipments, containers, tracking_requests: trackingRequests };
}
