import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { readSingle } from '@quayside/json-api';
import type { ResourceObject } from '@quayside/json-api';
import { READ_ONLY } from './tool-annotations';
import { answer } from './tool-result';
import { listPages } from './list-pages';

const HOUR_MS = 3_600_000;

/** Webhook notifications: what was sent lately, what failed, and sending again. */
export function registerNotificationTools(server: McpServer, api: QuaysideApi, now: () => Date): void {
  const hours = z
    .number()
    .int('hours must be a whole number.')
    .min(1, 'hours must be at least 1.')
    .max(24 * 30, 'hours must be at most 720 (30 days).')
    .default(24)
    .describe('How far back to look, in hours (1–720, default 24).');
  const limit = z
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(25)
    .describe('At most this many notifications, newest first (1–100, default 25).');

  server.registerTool(
    'list_recent_notifications',
    {
      title: 'Recent webhook notifications',
      description:
        'Webhook notifications Quayside created for this account in the last `hours` hours (every event sent to its webhooks, enabled or not), ' +
        'newest first, with the event, delivery state (pending, succeeded, failed), attempts, last response status and error.',
      inputSchema: {
        hours,
        limit,
        delivery_status: z
          .enum(['pending', 'succeeded', 'failed'])
          .optional()
          .describe('Only notifications in this delivery state: pending (still being tried), succeeded or failed (given up).'),
      },
      annotations: { title: 'Recent webhook notifications', ...READ_ONLY },
    },
    ({ hours: within, limit: count, delivery_status }) =>
      answer(async () => {
        const rows = await recentNotifications(api, new Date(now().getTime() - within * HOUR_MS), delivery_status);
        return rows.slice(0, count);
      }),
  );

  server.registerTool(
    'list_failed_deliveries',
    {
      title: 'Failed webhook deliveries',
      description:
        'Notifications whose delivery failed for good in the last `hours` hours, newest first, with the last response status and error.',
      inputSchema: { hours, limit },
      annotations: { title: 'Failed webhook deliveries', ...READ_ONLY },
    },
    ({ hours: within, limit: count }) =>
      answer(async () => (await recentNotifications(api, new Date(now().getTime() - within * HOUR_MS), 'failed')).slice(0, count)),
  );

  server.registerTool(
    'redeliver_notification',
    {
      title: 'Redeliver a notification',
      description: 'Sends one webhook notification again (same id and body, a fresh series of attempts), whatever its state.',
      inputSchema: {
        notification_id: z
          .string()
          .uuid({ message: 'notification_id must be a notification id (a uuid), as list_failed_deliveries shows.' })
          .describe('The id of the notification to send again, as list_failed_deliveries or list_recent_notifications shows it.'),
      },
      // Each call starts a new series of attempts: the receiver may get the notification again.
      annotations: {
        title: 'Redeliver a notification',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    ({ notification_id }) =>
      answer(async () => {
        const doc = readSingle(await expectSuccess(api, 'POST', `/v2/webhook_notifications/${notification_id}/redeliver`));
        return notificationRow(doc.data);
      }),
  );
}

async function recentNotifications(api: QuaysideApi, since: Date, status: string | undefined): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const filters = `filter[created_at][start]=${encodeURIComponent(since.toISOString())}${status ? `&filter[delivery_status]=${status}` : ''}`;
  for (const list of await listPages(api, `/v2/webhook_notifications?${filters}&page[size]=100`))
    rows.push(...list.data.map(notificationRow));
  // The api lists oldest first (stable paging); an assistant wants the latest first.
  return rows.reverse();
}

function notificationRow(resource: ResourceObject): Record<string, unknown> {
  const { last_response_body: _body, ...attributes } = resource.attributes;
  const webhook = resource.relationships?.['webhook']?.data;
  return { ...attributes, id: resource.id, webhook_id: webhook && !Array.isArray(webhook) ? webhook.id : null };
}
