import { ACCOUNT_FEATURES } from '@quayside/domain';
import type { NewAccount } from '@quayside/data-access';

/** The account `npm start` makes on the first start of an install, whose key its banner shows. */
export const DEMO_COMPANY_NAME = 'Quayside Demo';

/** Paid plan with every feature, so the whole API can be tried with it. */
export function demoAccount(): NewAccount {
  return { company_name: DEMO_COMPANY_NAME, plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] };
}
