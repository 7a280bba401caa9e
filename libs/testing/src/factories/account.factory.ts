import { AccountEntity } from '@quayside/data-access';
import type { RowWriter } from '@quayside/data-access';

let sequence = 0;

/** Inserts an account (plan `paid` unless overridden) and returns it as stored. */
export async function createAccount(
  db: RowWriter,
  overrides: Partial<Omit<AccountEntity, 'id' | 'created_at' | 'updated_at'>> = {},
): Promise<AccountEntity> {
  sequence += 1;
  const repository = db.getRepository(AccountEntity);
  const account = repository.create({
    company_name: `Test Company ${sequence}`,
    plan: 'paid',
    trial_ends_at: null,
    features: [],
    enabled_carrier_scacs: [],
    ...overrides,
  });
  return repository.save(account);
}
