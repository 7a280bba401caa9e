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

/** When a trial that starts at `start` ends. */
export function trialEndsAt(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}
