import { ACCOUNT_FEATURES, PLANS } from '@quayside/domain';
import type { AccountFeature, Plan } from '@quayside/domain';
import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, InstantColumn, TextArrayColumn, TextColumn, UpdatedAtColumn, inList } from './column-types';

@Entity({ name: 'accounts' })
@Check('chk_accounts_plan', inList('plan', PLANS))
@Check('chk_accounts_features', `"features" <@ ARRAY[${ACCOUNT_FEATURES.map((f) => `'${f}'`).join(', ')}]::text[]`)
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @TextColumn()
  company_name!: string;

  @Column({ type: 'text', default: 'trial' })
  plan!: Plan;

  @InstantColumn()
  trial_ends_at!: Date | null;

  @TextArrayColumn()
  features!: AccountFeature[];

  /** SCACs of `access: account` carriers enabled for this account on request. */
  @TextArrayColumn()
  enabled_carrier_scacs!: string[];

  /** Every document of the account asks for tracking requests, as the upload flag does (docs/documents.md "Extraction"). */
  @Column({ type: 'boolean', default: false })
  documents_create_tracking_requests!: boolean;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
