import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { JSON_API_MEDIA_TYPE } from '@quayside/json-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

export const API_PREFIX = 'v2';
/** The DCSA Track & Trace 3.0 feed (docs/dcsa.md): authenticated like /v2, answered in DCSA's own shapes. */
export const DCSA_PREFIX = 'tnt/v3';

/** Every /v2 response is a JSON:API document and says so; health and docs keep their own types. */
@Injectable()
export class JsonApiContentTypeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      if (request.url.startsWith(`/${API_PREFIX}/`)) {
        void context.switchToHttp().getResponse<FastifyReply>().header('content-type', `${JSON_API_MEDIA_TYPE}; charset=utf-8`);
      }
    }
    return next.handle();
  }
}
