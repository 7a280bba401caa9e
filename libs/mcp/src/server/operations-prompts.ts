import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { QuaysideApi } from '../api/quayside-api';
import { SHIPMENT_URI } from './tracking-resources';
import { TrackingReads } from './tracking-reads';

/**
 * Ready-made requests for the two questions asked every day. Each carries the account's data as
 * it stands when the prompt is fetched, so the assistant answers from it without a first tool call.
 */
export function registerOperationsPrompts(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const reads = new TrackingReads(api, now);

  server.registerPrompt(
    'daily_demurrage_check',
    {
      title: 'Daily demurrage check',
      description: 'Which containers risk demurrage: last free day soon or passed, or holds blocking pickup. Embeds the current list.',
      argsSchema: {
        days: z
          .string()
          .regex(/^\d{1,2}$/, 'days must be a whole number of days, 0 to 60.')
          .optional()
          .describe('How many days ahead a last free day counts as at risk (default 3).'),
      },
    },
    async ({ days }) => {
      const within = Math.min(Number(days ?? '3'), 60);
      const risk = await reads.atRisk(within);
      return {
        description: `${risk.containers.length} container(s) at risk within ${within} day(s) as of ${risk.as_of}.`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Run my daily demurrage check. These are my containers at risk within ${within} day(s), as of ${risk.as_of} ` +
                `(the answer of list_containers_at_risk with days=${within}):\n\n${JSON.stringify(risk, null, 2)}\n\n` +
                'For each container give its number, last free day (with days left), holds and fees, and whether it is available for pickup. ' +
                'Put the passed and nearest last free days first and end with the actions to take today (book pickup, clear a hold, pay fees). ' +
                'If the list is empty, say that nothing is at risk.',
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'shipment_status_summary',
    {
      title: 'Shipment status summary',
      description: 'A short status of one shipment for a customer or colleague. Embeds the shipment and its containers.',
      argsSchema: {
        shipment: z
          .string()
          .trim()
          .min(4, 'shipment must have at least 4 characters.')
          .describe('The bill of lading or booking number, one of its container numbers, or its Quayside id.'),
      },
    },
    async ({ shipment }) => {
      const status = await reads.shipment(shipment);
      return {
        description: `Shipment ${status.shipment.bill_of_lading_number ?? status.shipment.id} with ${status.containers.length} container(s).`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: {
                uri: SHIPMENT_URI.replace('{id}', status.shipment.id),
                mimeType: 'application/json',
                text: JSON.stringify(status, null, 2),
              },
            },
          },
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Summarize the status of shipment ${status.shipment.bill_of_lading_number ?? shipment} from the resource above: where it is, ` +
                'the vessel and ETA, and for each container its status, where it waits, availability, holds, fees and last free day. ' +
                'Keep it to a few lines a customer can read.',
            },
          },
        ],
      };
    },
  );
}
