import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { badRequest } from '@quayside/domain';
import type { RawServerDefault } from 'fastify';
import { ACCEPTED_BODY_TYPES } from './exception-to-domain-error';
import { jsonDepthExceeds } from './input/json-depth';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Request bodies are JSON:API documents sent as application/vnd.api+json or application/json,
 * parsed by Fastify's own safe JSON parser (prototype poisoning refused) within the adapter's
 * body limit. Before parsing, the bytes must be UTF-8 (a replacement character would silently
 * change what was sent) and nested at most `maxDepth` levels (validation walks the document
 * recursively). Every other type (text/plain, forms, multipart) has no parser, so Fastify
 * answers 415 and the exception filter renders it. Call before `app.init()`.
 */
export function configureHttpPlatform(app: NestFastifyApplication, options: { maxDepth: number }): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // Registering through Nest marks its parsers as done, so it adds no urlencoded parser at init.
  app.useBodyParser<RawServerDefault>([...ACCEPTED_BODY_TYPES], { bodyLimit: fastify.initialConfig.bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body);
    } catch {
      done(badRequest('The request body is not valid UTF-8.'), undefined);
      return;
    }
    if (jsonDepthExceeds(text, options.maxDepth)) {
      done(badRequest(`The request body is nested more than ${options.maxDepth} levels deep.`), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
