import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpError } from '../errors/http-status';

export interface MultipartUploadOptions {
  /** `METHOD /route/pattern` of each route that takes a file, e.g. `POST /v2/documents`. */
  routes: readonly string[];
  /** Largest file part; a larger one answers 413 while it streams, before it is buffered whole. */
  maxFileBytes: number;
}

/**
 * multipart/form-data is accepted only by the routes that take a file (docs/documents.md
 * "Upload"); every other route answers 415 for it exactly as before, so no JSON:API endpoint
 * starts accepting forms by accident. Call after `configureHttpPlatform` and before `app.init()`.
 */
export async function registerMultipartUploads(app: NestFastifyApplication, options: MultipartUploadOptions): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const allowed = new Set(options.routes);
  fastify.addHook('onRequest', async (request) => {
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('multipart/') || allowed.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    throw new HttpError(415, {
      title: 'Unsupported Media Type',
      detail: 'Send request bodies as application/vnd.api+json or application/json.',
    });
  });
  // One file and a few small text fields (`name`, `create_tracking_requests`) per request.
  // Nest bundles Fastify typings of its own; the plugin is typed against the root ones.
  await fastify.register(multipart as unknown as Parameters<typeof fastify.register>[0], {
    limits: { fileSize: options.maxFileBytes, files: 1, fields: 8, fieldSize: 4096, parts: 9, headerPairs: 100 },
  });
}
