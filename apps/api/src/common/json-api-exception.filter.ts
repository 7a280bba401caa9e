import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { Catch, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { JSON_API_MEDIA_TYPE } from '@quayside/json-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderError } from './errors/http-status';
import { exceptionToDomainError } from './exception-to-domain-error';

const PROBED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The one place a failure becomes a response: `{errors: [...]}` as application/vnd.api+json
 * with the error's status and headers. Unexpected exceptions are logged with their stack and
 * answered with a generic 500, so internals never reach the client.
 */
@Catch()
export class JsonApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('JsonApiExceptionFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const { error, unexpected } = exceptionToDomainError(exception, {
      method: request.method,
      path,
      bodyLimitBytes: fastify.initialConfig.bodyLimit ?? 1024 * 1024,
      allowedMethods: () => PROBED_METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null),
    });
    if (unexpected) {
      this.logger.error({ err: exception, method: request.method, path }, 'Unexpected exception while serving a request');
    }
    if (reply.sent) return;
    const rendered = renderError(error);
    void reply
      .status(rendered.status)
      .headers({ ...rendered.headers, 'content-type': `${JSON_API_MEDIA_TYPE}; charset=utf-8` })
      .send(JSON.stringify(rendered.document));
  }
}
