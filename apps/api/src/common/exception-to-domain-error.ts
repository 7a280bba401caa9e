import { HttpException } from '@nestjs/common';
import { isDatabaseUnavailable } from '@quayside/data-access';
import { DomainError, badRequest, internalError, notFound, serviceUnavailable } from '@quayside/domain';
import { HttpError } from './errors/http-status';
import { STATUS_CODES } from 'node:http';

/** What the filter needs to know about the request to explain a routing failure. */
export interface FailedRequest {
  method: string;
  path: string;
  /** Methods that a route at this path does answer, for 405 and `Allow`. */
  allowedMethods: () => string[];
  bodyLimitBytes: number;
}

export const ACCEPTED_BODY_TYPES = ['application/vnd.api+json', 'application/json'] as const;

/**
 * Turns anything thrown while serving a request into the DomainError that is rendered.
 * Framework failures (router, body parser, Fastify) become 4xx with a detail written here,
 * never their internal message; anything unknown becomes a generic 500.
 */
export function exceptionToDomainError(
  exception: unknown,
  request: FailedRequest,
): { error: DomainError | HttpError; unexpected: boolean } {
  if (exception instanceof DomainError || exception instanceof HttpError) return { error: exception, unexpected: false };
  if (isDatabaseUnavailable(exception)) return { error: databaseUnavailable(), unexpected: false };
  const status = statusOf(exception);
  if (status === undefined || status >= 500) {
    return status === 503 ? { error: unavailable(exception), unexpected: false } : { error: internalError(), unexpected: true };
  }
  return { error: clientError(status, exception, request), unexpected: false };
}

function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Fastify and its body parsers throw plain errors carrying `statusCode` (e.g. invalid JSON).
  if (exception instanceof Error && 'statusCode' in exception && typeof exception.statusCode === 'number') {
    return exception.statusCode;
  }
  return undefined;
}

function clientError(status: number, exception: unknown, request: FailedRequest): DomainError | HttpError {
  const title = STATUS_CODES[status] ?? 'Bad Request';
  switch (status) {
    case 400:
      return badRequest(
        isJsonSyntaxError(exception)
          ? 'The request body is not valid JSON.'
          : 'The request is malformed (body, headers or URL could not be read).',
      );
    case 404: {
      if (!isRoutingMiss(exception)) return notFound();
      const allowed = request.allowedMethods();
      // A route that answers this very method and still found nothing (a static file) is a plain 404.
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return new HttpError(
          405,
          { title: 'Method Not Allowed', detail: `${request.method} is not allowed on ${request.path}. Allowed: ${allowed.join(', ')}.` },
          { Allow: allowed.join(', ') },
        );
      }
      return new HttpError(404, { title: 'Not Found', detail: `No route ${request.method} ${request.path}.`, code: 'not_found' });
    }
    case 413:
      return new HttpError(413, { title, detail: `The request body is larger than ${request.bodyLimitBytes} bytes.` });
    case 415:
      return new HttpError(415, {
        title,
        detail: `Send request bodies as ${ACCEPTED_BODY_TYPES.join(' or ')}.`,
      });
    default:
      return new HttpError(status, { title, detail: title });
  }
}

function unavailable(exception: unknown): DomainError {
  const response = exception instanceof HttpException ? exception.getResponse() : undefined;
  // A 503 built by our own code (readiness) carries its findings as an object: keep them as meta.
  const meta =
    typeof response === 'object' && response !== null && !('statusCode' in response) ? (response as Record<string, unknown>) : undefined;
  return serviceUnavailable(undefined, meta);
}

/**
 * No database connection within DATABASE_POOL_TIMEOUT_MS (every connection of the pool busy, or
 * Postgres unreachable): a bounded wait, then this, rather than a request that hangs.
 */
function databaseUnavailable(): DomainError {
  return new DomainError(
    'unavailable',
    { title: 'Service Unavailable', detail: 'The database could not take the request in time. Try again shortly.', code: 'database_busy' },
    { 'Retry-After': '1' },
  );
}

function isJsonSyntaxError(exception: unknown): boolean {
  if (exception instanceof SyntaxError) return true;
  const code = exception instanceof Error && 'code' in exception ? exception.code : undefined;
  return code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY';
}

// Nest's router answers an unmatched path with NotFoundException("Cannot GET /x").
function isRoutingMiss(exception: unknown): boolean {
  return exception instanceof HttpException && /^Cannot [A-Z]+ /.test(exception.message);
}
