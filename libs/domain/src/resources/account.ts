import type { AccountFeature, Plan } from '../enums/account.enum';
import type { Id, UtcTimestamp } from './common';

export interface Account {
  id: Id;
  company_name: string;
  plan: Plan;
  trial_ends_at: UtcTimestamp | null;
  features: AccountFeature[];
  /** SCACs of carriers enabled on request (`access: account`) for this account. */
  enabled_carrier_scacs: string[];
  /** Extraction of every document creates tracking requests for the numbers it finds and the account does not track yet. */
  documents_create_tracking_requests: boolean;
  created_at: UtcTimestamp;
}
