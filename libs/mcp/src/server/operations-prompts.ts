import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Ready-made requests for the two questions asked every day. */
export function registerOperationsPrompts(server: McpServer): void {
  server.registerPrompt(
    'daily_demurrage_check',
    {
      title: 'Daily demurrage check',
      description: 'Which containers risk demurrage: last free day soon or passed, or holds blocking pickup.',
      argsSchema: {
        days: z
          .string()
          .regex(/^\d{1,2}$/, 'days must be a whole number of days, 0 to 99.')
          .optional(),
      },
    },
    ({ days }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Run my daily demurrage check. Call list_containers_at_risk with days=${days ?? '3'}. ` +
              'For each container give its number, last free day (with days left), holds and fees, and whether it is available for pickup. ' +
              'Put the passed and nearest last free days first and end with the actions to take today (book pickup, clear a hold, pay fees).',
          },
        },
      ],
    }),
  );

  server.registerPrompt(
    'shipment_status_summary',
    {
      title: 'Shipment status summary',
      description: 'A short status of one shipment for a customer or colleague.',
      argsSchema: { shipment_id: z.string().uuid('shipment_id must be a Quayside shipment id (a uuid).') },
    },
    ({ shipment_id }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: `quayside://shipments/${shipment_id}`, mimeType: 'application/json', text: '' },
          },
        },
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Summarize the status of shipment ${shipment_id} (call get_shipment if the resource above is empty): where it is, the vessel and ETA, ` +
              'and for each container its latest milestone, availability, holds, fees and last free day. Keep it to a few lines a customer can read.',
          },
        },
      ],
    }),
  );
}
