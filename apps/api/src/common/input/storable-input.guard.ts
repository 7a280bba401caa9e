import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bodyTextProblem, pathProblem, queryProblem } from './storable-text';

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The one place every route's input is checked for what no handler should have to think about:
 * query parameters that are not one plain value, and text PostgreSQL cannot store (in the query,
 * the path or anywhere in the body). A global guard registered after the others (no route has
 * guards of its own), so authentication, tenancy and entitlements still answer first, and it
 * runs before any pipe, DTO or query sees the input. A guard rather than an interceptor: same
 * point in the request, without Nest's Observable pipeline per request.
 */
@Injectable()
export class StorableInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const problem = queryProblem(asRecord(request.query)) ?? pathProblem(asRecord(request.params)) ?? bodyTextProblem(request.body);
      if (problem !== undefined) throw problem;
    }
    return true;
  }
}
