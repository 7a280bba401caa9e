import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  EventEntity,
  inFixtureTransaction,
  OutboxRepository,
  TrackingRequestEntity,
  WebhookEntity,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { EventName } from '@quayside/domain';
import { loadConfig } from '@quayside/platform';
import { JOB, QUEUE } from '@quayside/queues';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppModule } from '../app.module';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';

export interface ReceivedRequest {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1; `answer` decides each response (by arrival order). */
export async function startReceiver(answer: (request: ReceivedRequest, index: number, res: ServerResponse) => void): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      answer(request, received.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment a test dispatcher runs with: local receivers allowed, three days of retries in a few seconds. */
export function dispatcherEnv(databaseUrl: string, redisPrefix: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_INTERVAL_MS: '25',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_SCALE: '0.00002',
    WEBHOOK_TIMEOUT_MS: '2000',
    ...overrides,
  };
}

export async function bootDispatcher(env: Record<string, string>): Promise<INestApplicationContext> {
  const config = loadConfig('webhook-dispatcher', WebhookDispatcherConfig, env);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
  await app.init();
  return app;
}

/** What a fan-out test works with: its own database, a running dispatcher and a receiver that answers `status`. */
export interface DispatcherWithReceiver {
  db: TestDatabase;
  app: INestApplicationContext;
  receiver: Receiver;
}

export async function startDispatcherWithReceiver(status: number): Promise<DispatcherWithReceiver> {
  const db = await createTestDatabase();
  const app = await bootDispatcher(dispatcherEnv(db.url, testRedisPrefix()));
  const receiver = await startReceiver((_req, _index, res) => res.writeHead(status).end());
  return { db, app, receiver };
}

/** Stops what `startDispatcherWithReceiver` started, as far as it got. */
export async function stopDispatcherWithReceiver(started: Partial<DispatcherWithReceiver>): Promise<void> {
  await started.app?.close();
  await started.receiver?.close();
  await started.db?.drop();
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let sequence = 0;

export async function createWebhook(
  db: DatabaseConnection,
  accountId: string,
  overrides: Partial<WebhookEntity> = {},
): Promise<WebhookEntity> {
  const repository = db.getRepository(WebhookEntity);
  return repository.save(
    repository.create({
      account_id: accountId,
      url: 'http://127.0.0.1:9/hook',
      active: true,
      events: [],
      secret: `secret-${++sequence}`,
      headers: [],
      ...overrides,
    }),
  );
}

/** A tracking request and its `tracking_request.succeeded` event, handed to fan-out through the outbox. */
export async function emitTrackingRequestEvent(
  db: DatabaseConnection,
  accountId: string,
  name: EventName = 'tracking_request.succeeded',
): Promise<EventEntity> {
  return inFixtureTransaction(db, async (manager) => {
    const request = await manager.getRepository(TrackingRequestEntity).save(
      manager.getRepository(TrackingRequestEntity).create({
        account_id: accountId,
        request_number: `MEDU${String(++sequence).padStart(8, '0')}`,
        request_type: 'bill_of_lading',
        scac: 'MSCU',
        status: 'succeeded',
      }),
    );
    const event = await manager.getRepository(EventEntity).save(
      manager.getRepository(EventEntity).create({
        account_id: accountId,
        name,
        reference_object_type: 'tracking_request',
        reference_object_id: request.id,
        tracking_request_id: request.id,
        occurred_at: new Date(),
        payload: {},
        dedupe_key: `fixture:${randomUUID()}`,
      }),
    );
    await new OutboxRepository(db).enqueue(manager, {
      queue: QUEUE.webhookFanout,
      jobName: JOB.fanOut,
      payload: { eventId: event.id },
      accountId,
    });
    return event;
  });
}

export async function notificationsOf(db: DatabaseConnection, webhookId: string): Promise<WebhookNotificationEntity[]> {
  return db.getRepository(WebhookNotificationEntity).find({ where: { webhook_id: webhookId }, order: { created_at: 'ASC' } });
}

export async function settled(db: DatabaseConnection, webhookId: string, count = 1): Promise<WebhookNotificationEntity[] | null> {
  const rows = await notificationsOf(db, webhookId);
  return rows.length >= count && rows.every((row) => row.delivery_status !== 'pending') ? rows : null;
}
