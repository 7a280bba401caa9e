import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { bodyTextProblem, pathProblem, queryProblem } from './storable-text';

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The one place every route's input is checked for what no handler should have to think about:
 * query parameters that are not one plain value, and text PostgreSQL cannot store (in the query,
 * the path or anywhere in the body). It runs after the guards, so authentication, tenancy and
 * entitlements still answer first, and before any pipe, DTO or query sees the input.
 */
@Injectable()
export class StorableInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const problem = queryProblem(asRecord(request.query)) ?? pathProblem(asRecord(request.params)) ?? bodyTextProblem(request.body);
      if (problem !== undefined) throw problem;
    }
    return next.handle();
  }
}
