import type { Plan } from '../enums/account.enum';
import type { Account } from '../resources/account';

/** Trial length and the free/trial cap (docs/plans.md). */
export const TRIAL_DAYS = 7;
export const ACTIVE_CONTAINER_CAP = 10;

/** What the plan allows beyond creating tracking requests (which every plan may). */
export const GATED_ACTIONS = ['reading tracking data', 'exporting tracking data', 'webhooks'] as const;
export type GatedAction = (typeof GATED_ACTIONS)[number];

export interface Entitlements {
  plan: Plan;
  /** A trial account whose 7 days are over: it keeps what the free plan allows. */
  trialExpired: boolean;
  /** Reading and exporting tracking data, and webhooks. */
  tracksAndReads: boolean;
  /** Active containers allowed, or null for no cap (paid). */
  activeContainerCap: number | null;
}

export function entitlementsOf(account: Pick<Account, 'plan' | 'trial_ends_at'>, now: Date): Entitlements {
  switch (account.plan) {
    case 'paid':
      return { plan: 'paid', trialExpired: false, tracksAndReads: true, activeContainerCap: null };
    case 'trial': {
      const active = account.trial_ends_at !== null && Date.parse(account.trial_ends_at) > now.getTime();
      return { plan: 'trial', trialExpired: !active, tracksAndReads: active, activeContainerCap: ACTIVE_CONTAINER_CAP };
    }
    case 'free':
      return { plan: 'free', trialExpired: false, tracksAndReads: false, activeContainerCap: ACTIVE_CONTAINER_CAP };
  }
}

/**
 * Why a webhook notification of this account is not delivered now, or null when it may be:
 * webhooks need a running trial or a paid plan (docs/plans.md "Webhooks and the plan"). The
 * reason is what the notification's `last_error` says.
 */
export function webhookWithheldReason(account: { plan: Plan; trial_ends_at: Date | string | null }, now: Date): string | null {
  const trialEndsAtText = account.trial_ends_at instanceof Date ? account.trial_ends_at.toISOString() : account.trial_ends_at;
  const entitlements = entitlementsOf({ plan: account.plan, trial_ends_at: trialEndsAtText }, now);
  if (entitlements.tracksAndReads) return null;
  const plan = entitlements.trialExpired ? 'trial has ended' : `${account.plan} plan does not include webhooks`;
  return `not delivered: the account's ${plan}; a trial or paid plan is needed (plan_not_allowed)`;
}

/** When a trial that starts at `start` ends. */
export function trialEndsAt(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}
