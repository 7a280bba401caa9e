import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { JSON_API_MEDIA_TYPE } from '@quayside/json-api';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_PREFIX = 'v2';
/** The DCSA Track & Trace 3.0 feed (docs/dcsa.md): authenticated like /v2, answered in DCSA's own shapes. */
export const DCSA_PREFIX = 'tnt/v3';

/**
 * Every /v2 response is a JSON:API document and says so; health and docs keep their own types
 * (a handler that answers something else, e.g. a file, sets its own). The last global guard,
 * not an interceptor: it runs at the same point (after authentication, rate limit and plan
 * checks, before the handler), and a global interceptor cost every request an Observable
 * pipeline and an async-resource binding in Nest (some 3 % of a `GET` by id's CPU).
 */
@Injectable()
export class JsonApiContentTypeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      if (request.url.startsWith(`/${API_PREFIX}/`)) {
        void context.switchToHttp().getResponse<FastifyReply>().header('content-type', `${JSON_API_MEDIA_TYPE}; charset=utf-8`);
      }
    }
    return true;
  }
}
