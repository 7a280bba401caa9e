import { Injectable } from '@nestjs/common';
import { PlanUsageRepository } from '@quayside/data-access';
import { entitlementsOf, featureNotEnabled, planLimitReached, planNotAllowed } from '@quayside/domain';
import type { AccountFeature, GatedAction } from '@quayside/domain';
import type { AccountContext } from '../tenancy/account-context';

/** Plan and feature checks (docs/plans.md); see docs/plans.md. */
@Injectable()
export class EntitlementsService {
  constructor(private readonly usage: PlanUsageRepository) {}

  assertActivePlan(context: AccountContext, action: GatedAction, now = new Date()): void {
    const entitlements = entitlementsOf(context.account, now);
    if (entitlements.tracksAndReads) return;
    throw planNotAllowed(context.account.plan, entitlements.trialExpired ? `${action} once the trial has ended` : action);
  }

  /** Whether the plan lets the account read tracking data now (a running trial or paid). */
  readsTrackingData(context: AccountContext, now = new Date()): boolean {
    return entitlementsOf(context.account, now).tracksAndReads;
  }

  assertFeature(context: AccountContext, feature: AccountFeature): void {
    if (!context.account.features.includes(feature)) throw featureNotEnabled(feature);
  }

  /**
   * For creating tracking requests: refuses (403) when `adding` more active containers would
   * pass the plan's cap. Every plan may create tracking requests; paid has no cap.
   */
  async assertCanTrackMore(context: AccountContext, adding = 1, now = new Date()): Promise<void> {
    const cap = entitlementsOf(context.account, now).activeContainerCap;
    if (cap === null) return;
    const active = await this.usage.countActiveContainers(context);
    if (active + adding > cap) throw planLimitReached(context.account.plan, cap);
  }
}
