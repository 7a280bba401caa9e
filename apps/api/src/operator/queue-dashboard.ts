import { getQueueToken } from '@nestjs/bull';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { QUEUE_NAMES } from '@quayside/queues';
import type { Queue } from 'bull';
import { isOperator } from './operator-credentials';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board for operators: served only when an operator token is configured, and every
 * request under it (pages, assets, its API) must carry the token. It reads Redis; the truth
 * about work stays in Postgres (outbox, notifications).
 */
export function mountQueueDashboard(app: NestFastifyApplication, token: string | undefined): void {
  if (!token) return;
  const fastify = app.getHttpAdapter().getInstance();
  void fastify.register(async (scope) => {
    // Bull Board is loaded only where an operator token turns it on (docs/architecture.md, "Memory").
    const [{ createBullBoard }, { BullAdapter }, { FastifyAdapter }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullAdapter'),
      import('@bull-board/fastify'),
    ]);
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: QUEUE_NAMES.map((name) => new BullAdapter(app.get<Queue>(getQueueToken(name), { strict: false }))),
      serverAdapter,
    });
    scope.addHook('onRequest', async (request, reply) => {
      if (isOperator(request.headers.authorization, token)) return;
      await reply
        .code(401)
        .header('www-authenticate', 'Basic realm="Quayside operator", charset="UTF-8"')
        .type('application/vnd.api+json')
        .send({ errors: [{ status: '401', title: 'Unauthorized', detail: 'The queue dashboard needs the operator token.' }] });
    });
    // Bull Board types its plugin against Fastify's default type provider; Nest's instance differs only in that.
    await scope.register(serverAdapter.registerPlugin() as unknown as Parameters<typeof scope.register>[0], {
      prefix: QUEUE_DASHBOARD_PATH,
    });
  });
}
