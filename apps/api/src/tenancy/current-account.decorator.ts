import type { ExecutionContext } from '@nestjs/common';
import { createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountContext } from './account-context';

export function accountContextOf(request: FastifyRequest): AccountContext {
  if (!request.accountContext) {
    // Only reachable on a @Public() route that asks for an account: a programming error.
    throw new Error('No authenticated account on this request');
  }
  return request.accountContext;
}

/** The caller's account in a handler: `list(@CurrentAccount() account: AccountContext)`. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AccountContext =>
  accountContextOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
