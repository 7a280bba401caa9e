import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { ACCEPTED_BODY_TYPES } from './exception-to-domain-error';

/**
 * Request bodies are JSON:API documents sent as application/vnd.api+json or application/json,
 * parsed by Fastify's own safe JSON parser (prototype poisoning refused) within the adapter's
 * body limit. Every other type (text/plain, forms, multipart) has no parser, so Fastify answers
 * 415 and the exception filter renders it. Call before `app.init()`.
 */
export function configureHttpPlatform(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // Registering through Nest marks its parsers as done, so it adds no urlencoded parser at init.
  app.useBodyParser<RawServerDefault>([...ACCEPTED_BODY_TYPES], { bodyLimit: fastify.initialConfig.bodyLimit }, (request, body, done) =>
    parseJson(request, body.toString('utf8'), done),
  );
}
