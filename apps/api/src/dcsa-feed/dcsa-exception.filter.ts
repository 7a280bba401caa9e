import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { Catch, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderError } from '../common/errors/http-status';
import { exceptionToDomainError } from '../common/exception-to-domain-error';
import { DcsaRequestError } from './dcsa-request.error';

export const DCSA_API_VERSION = '3.0.0';

/**
 * Failures of the DCSA feed answered as DCSA does: `{ feedbackElements: [{ severity: "ERROR",
 * message, propertyPath }] }` with `API-Version`, whatever failed (authentication, rate limit,
 * plan, parameters). Statuses and messages are the ones the JSON:API routes give.
 */
@Catch()
export class DcsaExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('DcsaExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    let status: number;
    let headers: Record<string, string> = {};
    let elements: { severity: 'ERROR'; message: string; propertyPath?: string }[];
    if (exception instanceof DcsaRequestError) {
      status = exception.status;
      elements = [
        {
          severity: 'ERROR',
          message: exception.message,
          ...(exception.propertyPath === null ? {} : { propertyPath: exception.propertyPath }),
        },
      ];
    } else {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const { error, unexpected } = exceptionToDomainError(exception, {
        method: request.method,
        path,
        bodyLimitBytes: 0,
        allowedMethods: () => ['GET'],
      });
      if (unexpected)
        this.logger.error({ err: exception, method: request.method, path }, 'Unexpected exception while serving the DCSA feed');
      const rendered = renderError(error);
      status = rendered.status;
      headers = { ...rendered.headers };
      elements = error.errors.map((e) => ({ severity: 'ERROR', message: e.detail ?? e.title ?? 'Error' }));
    }
    if (reply.sent) return;
    void reply
      .status(status)
      .headers({ ...headers, 'api-version': DCSA_API_VERSION, 'content-type': 'application/json; charset=utf-8' })
      .send(JSON.stringify({ feedbackElements: elements }));
  }
}
