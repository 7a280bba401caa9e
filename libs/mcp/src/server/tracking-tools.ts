import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { readSingle } from '@quayside/json-api';
import { READ_ONLY } from './tool-annotations';
import { answer, ToolInputError } from './tool-result';
import { TrackingReads } from './tracking-reads';

const REQUEST_TYPES = ['container', 'bill_of_lading', 'booking_number'] as const;

/** Start tracking a number; find the containers at risk. */
export function registerTrackingTools(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const reads = new TrackingReads(api, now);

  server.registerTool(
    'track',
    {
      title: 'Track a number',
      description:
        'Starts tracking a container number, bill of lading or booking number (sandbox numbers too). Without request_type or scac, ' +
        'Quayside infers them from the number as POST /v2/tracking_requests/infer_number does (container numbers by their ISO 6346 form, ' +
        'lines by owner codes and bill of lading prefixes). Answers the tracking request; its shipment and containers appear once the line answers.',
      inputSchema: {
        number: z
          .string()
          .trim()
          .min(4, 'number must have at least 4 characters.')
          .max(50, 'number must have at most 50 characters.')
          .describe('The container, bill of lading or booking number to track, e.g. MSCU1234566, MEDUXY123456 or TEST-TR-HOLDS.'),
        request_type: z
          .enum(REQUEST_TYPES)
          .optional()
          .describe('What the number is: container, bill_of_lading or booking_number. Leave out to infer it from the number.'),
        scac: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2,4}$/, 'scac must be the 2 to 4 letter code of the shipping line, e.g. MAEU.')
          .optional()
          .describe('The shipping line’s SCAC (e.g. MAEU, MSCU, CMDU; TEST for the sandbox). Leave out to infer it from the number.'),
      },
      // Never tracks a number twice, but a second call records a `duplicate` tracking request (docs/tracking-requests.md): not idempotent.
      annotations: { title: 'Track a number', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
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
    'list_containers_at_risk',
    {
      title: 'Containers at risk',
      description:
        'Containers waiting for pickup (at the port of discharge or the inland destination) whose last free day there is within `days` days ' +
        'or has passed, or that are held there; never one on the move, picked up or returned. Fewest days left first, each with its reasons in words.',
      inputSchema: {
        days: z
          .number()
          .int('days must be a whole number.')
          .min(0, 'days must be 0 or more.')
          .max(60, 'days must be at most 60.')
          .default(3)
          .describe('How many days ahead a last free day counts as at risk (0–60, default 3; 7 for "this week").'),
      },
      annotations: { title: 'Containers at risk', ...READ_ONLY },
    },
    ({ days }) => answer(() => reads.atRisk(days)),
  );
}

async function infer(api: QuaysideApi, number: string): Promise<{ request_type: string | null; scac: string | null }> {
  const document = (await expectSuccess(api, 'POST', '/v2/tracking_requests/infer_number', { number })) as {
    data: { attributes: { request_type: string | null; shipping_line: { selected: { scac: string } | null } } };
  };
  const attributes = document.data.attributes;
  return { request_type: attributes.request_type, scac: attributes.shipping_line.selected?.scac ?? null };
}
