import {
  createDatabaseConnection,
  ListTotals,
  OutboxRepository,
  WebhookNotificationQueryRepository,
  WebhookNotificationRepository,
  WebhookRedeliveryRepository,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import type { ListStatements, Statement } from './captured-sql';
import { CapturingLogger, isBoundedCount, isPage, only } from './captured-sql';

/**
 * The SQL behind the notification rows of the bench, as the api's repositories send it (logged
 * from TypeORM), for the bare server (bench/servers/bare-notifications.server.ts) to send
 * unchanged: the three list pages, and the statements of one redelivery, whose notification id
 * the bare server replaces with the one asked for.
 */
export interface NotificationPlan {
  databaseUrl: string;
  accountId: string;
  /** Keyed by the bench's name of the page: `first`, `last`, `failed`. */
  lists: Record<NotificationPage, ListStatements>;
  /** Every statement of `POST /webhook_notifications/{id}/redeliver` in order, transaction included. */
  redelivery: Statement[];
  /** The notification id the redelivery statements were captured with. */
  redeliveredId: string;
}

export type NotificationPage = 'first' | 'last' | 'failed';
export const PAGE_SIZE = 30;

export async function captureNotificationPlan(databaseUrl: string, accountId: string, redeliveredId: string): Promise<NotificationPlan> {
  const logger = new CapturingLogger();
  const dataSource: DatabaseConnection = createDatabaseConnection(databaseUrl, { logging: ['query'], logger });
  await dataSource.initialize();
  const scope = { accountId };
  const notifications = new WebhookNotificationQueryRepository(dataSource, new ListTotals());
  const redeliveries = new WebhookRedeliveryRepository(
    dataSource,
    new WebhookNotificationRepository(dataSource),
    new OutboxRepository(dataSource),
  );
  const record = async (work: () => Promise<unknown>): Promise<Statement[]> => {
    logger.statements.length = 0;
    await work();
    return [...logger.statements];
  };
  const listed = async (what: string, work: () => Promise<unknown>): Promise<ListStatements> => {
    const statements = await record(work);
    return { rows: only(statements, `${what} page`, isPage), count: only(statements, `${what} count`, isBoundedCount) };
  };
  try {
    const lists: Record<NotificationPage, ListStatements> = {
      first: await listed('notification', () => notifications.listPage(scope, {}, { offset: 0, size: PAGE_SIZE })),
      last: await listed('last notification', () => notifications.listPage(scope, {}, { offset: 0, size: PAGE_SIZE, before: 'end' })),
      failed: await listed('failed notification', () =>
        notifications.listPage(scope, { delivery_status: 'failed' }, { offset: 0, size: PAGE_SIZE }),
      ),
    };
    const redelivery = await record(() =>
      redeliveries.restartOne(scope, redeliveredId, { queue: QUEUE.webhookDelivery, jobName: JOB.deliver }),
    );
    return { databaseUrl, accountId, lists, redelivery, redeliveredId };
  } finally {
    await dataSource.destroy();
  }
}
