import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RecordOwnerRepository } from '@quayside/data-access';
import type { AccountFeature, GatedAction } from '@quayside/domain';
import { unauthorized } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../auth/api-key-auth.guard';
import { accountContextOf } from '../tenancy/current-account.decorator';
import { NAMED_RECORDS, namedRecords } from '../tenancy/named-records.decorator';
import type { RecordLocation } from '../tenancy/named-records.decorator';
import { EntitlementsService } from './entitlements.service';
import { REQUIRED_PLAN_ACTION } from './requires-active-plan.decorator';
import { REQUIRED_FEATURE } from './requires-feature.decorator';

/**
 * Global, after authentication and rate limits: applies @RequiresActivePlan and @RequiresFeature.
 * Tenancy comes first: when a check would refuse, the records the route names (@NamedRecords)
 * are looked up, and one of another account turns the refusal into the 401 every such record
 * gets. Only refusals pay for that lookup; an entitled caller goes on to the handler, whose
 * repository answers 401 for a foreign record anyway.
 */
@Injectable()
export class EntitlementsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly entitlements: EntitlementsService,
    private readonly owners: RecordOwnerRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const targets = [context.getHandler(), context.getClass()];
    const action = this.reflector.getAllAndOverride<GatedAction | undefined>(REQUIRED_PLAN_ACTION, targets);
    const feature = this.reflector.getAllAndOverride<AccountFeature | undefined>(REQUIRED_FEATURE, targets);
    if (action === undefined && feature === undefined) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const account = accountContextOf(request);
    try {
      if (action !== undefined) this.entitlements.assertActivePlan(account, action);
      if (feature !== undefined) this.entitlements.assertFeature(account, feature);
    } catch (refusal) {
      const locations = this.reflector.getAllAndMerge<RecordLocation[]>(NAMED_RECORDS, targets);
      if (await this.owners.namesForeignRecord(account, namedRecords(locations, request))) throw unauthorized();
      throw refusal;
    }
    return true;
  }
}
