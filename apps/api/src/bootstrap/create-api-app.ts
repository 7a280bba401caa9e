import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { responseJson } from '@quayside/json-api';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { configureHttpPlatform } from '../common/configure-http-platform';
import { registerMultipartUploads } from '../common/input/multipart-uploads';
import { DOCUMENT_MULTIPART_ROUTES } from '../documents/documents.module';
import { renderFrameworkError } from '../common/framework-errors';
import { answerBeforeClose } from '../common/input/answer-before-close';
import { answerClientError } from '../common/input/client-error-handler';
import { mountMcpEndpoint } from '../mcp/mount-mcp-endpoint';
import { setupOpenApi } from '../openapi/setup-openapi';
import { registerHttpMetrics } from '../operator/http-metrics';
import { mountQueueDashboard } from '../operator/queue-dashboard';
import type { ApiConfig } from '../config/api.config';

/**
 * Builds the api exactly as production runs it; tests call this too, so what they
 * exercise is the real adapter, prefix and error handling, not a look-alike.
 */
export async function createApiApp(config: ApiConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A request's headers, then the whole request, must arrive in time, and an idle connection is
    // closed (docs/json-api.md "Requests the api refuses"); Node checks the open connections against them every
    // `connectionsCheckingInterval`, so that is kept well below the shortest of them.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
    trustProxy: config.TRUST_PROXY === 'true',
    frameworkErrors: renderFrameworkError,
    clientErrorHandler: answerClientError,
    // A caller's X-Request-Id is kept (so a request can be followed across systems), else a UUID.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Before any route exists (each route takes the serializer when registered). The text is
  // JSON.stringify's; a page of resources comes as bytes written in parts, which Fastify sends
  // as they are (its type says string), with their length as content-length.
  adapter.getInstance().setReplySerializer(responseJson as (payload: unknown) => string);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Nest flushes buffered logs only in listen(): an app driven through inject() (tests) would
  // otherwise keep every later framework log line in memory and never write it.
  app.flushLogs();
  app.setGlobalPrefix('v2', {
    exclude: [
      'health/live',
      'health/ready',
      'metrics',
      'operator/sources',
      'docs',
      'docs/{*path}',
      'tnt/v3/events',
      'dcsa/v3/carriers/{*path}',
      'document_files',
      'document_upload_files',
      'widget/{*path}',
      'console',
      'console/{*path}',
    ],
  });
  registerHttpMetrics(app);
  mountQueueDashboard(app, config.OPERATOR_TOKEN);
  mountMcpEndpoint(app);
  app.enableShutdownHooks();
  configureHttpPlatform(app, { maxDepth: config.BODY_MAX_DEPTH });
  await registerMultipartUploads(app, { routes: DOCUMENT_MULTIPART_ROUTES, maxFileBytes: config.DOCUMENT_MAX_BYTES });
  answerBeforeClose(app, config.BODY_LIMIT_BYTES);
  setupOpenApi(app);
  await app.init();
  return app;
}
