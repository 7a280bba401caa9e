import { badRequest } from '@quayside/domain';
import { JSON_API_MEDIA_TYPE } from '@quayside/json-api';
import type { ServerResponse } from 'node:http';
import { HttpError, renderError } from './errors/http-status';

/** The part of a Fastify reply used here (Nest bundles Fastify typings of its own). */
interface ErrorReply {
  raw: ServerResponse;
}

/**
 * Fastify's `frameworkErrors` option: failures its router meets before any route or hook runs
 * (a path that is not valid percent-encoding, an over-long path parameter) answer JSON:API
 * like every other failure instead of Fastify's own JSON. Pass it to the adapter's options.
 */
export function renderFrameworkError(error: { code: string }, _request: unknown, reply: ErrorReply): void {
  const rendered =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new HttpError(414, { title: 'URI Too Long', detail: 'A path segment of the request is too long.' })
      : badRequest('The request URL is not valid (bad percent-encoding).');
  const { status, document } = renderError(rendered);
  const body = JSON.stringify(document);
  reply.raw.writeHead(status, {
    'content-type': `${JSON_API_MEDIA_TYPE}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
  });
  reply.raw.end(body);
}
