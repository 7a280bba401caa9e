import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator } from './api-key-authenticator.service';
import { API_PREFIX, DCSA_PREFIX } from '../common/json-api-content-type.guard';
import { IS_PUBLIC } from './public.decorator';

/** Global: every /v2 and /tnt/v3 route needs `Authorization: Token <key>` unless marked @Public(). */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.accountContext = await this.authenticator.authenticate(request.headers.authorization);
    return true;
  }
}

/**
 * Marked @Public(), or outside the API prefix altogether (health, metrics, docs: the global
 * prefix's exclusions are the explicit list of such routes).
 */
export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  if (reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()]) === true) return true;
  const route = context.switchToHttp().getRequest<FastifyRequest>().routeOptions.url ?? '';
  return !route.startsWith(`/${API_PREFIX}/`) && !route.startsWith(`/${DCSA_PREFIX}/`);
}
