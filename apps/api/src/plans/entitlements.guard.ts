import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccountFeature } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../auth/api-key-auth.guard';
import { accountContextOf } from '../tenancy/current-account.decorator';
import { EntitlementsService } from './entitlements.service';
import type { GatedAction } from '@quayside/data-access';
import { REQUIRED_PLAN_ACTION } from './requires-active-plan.decorator';
import { REQUIRED_FEATURE } from './requires-feature.decorator';

/** Global, after authentication and rate limits: applies @RequiresActivePlan and @RequiresFeature. */
@Injectable()
export class EntitlementsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly entitlements: EntitlementsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublic(this.reflector, context)) return true;
    const targets = [context.getHandler(), context.getClass()];
    const action = this.reflector.getAllAndOverride<GatedAction | undefined>(REQUIRED_PLAN_ACTION, targets);
    const feature = this.reflector.getAllAndOverride<AccountFeature | undefined>(REQUIRED_FEATURE, targets);
    if (action === undefined && feature === undefined) return true;
    const account = accountContextOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (action !== undefined) this.entitlements.assertActivePlan(account, action);
    if (feature !== undefined) this.entitlements.assertFeature(account, feature);
    return true;
  }
}
