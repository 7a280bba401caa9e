import { Injectable } from '@nestjs/common';
import type { Account, AccountFeature, Plan } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { ApiKeyEntity } from '../entities/api-key.entity';

export interface NewAccount {
  company_name: string;
  plan: Plan;
  trial_ends_at: Date | null;
  features: AccountFeature[];
  enabled_carrier_scacs?: string[];
}

/** The stored parts of a new key; the key itself never reaches this layer. */
export interface NewApiKey {
  name: string;
  prefix: string;
  last_four: string;
  key_hash: string;
}

// Any constant shared by every process that may create the demo account at the same time.
const DEMO_ACCOUNT_LOCK = 0x51_5a_de_00;

export function toAccount(entity: AccountEntity): Account {
  return {
    id: entity.id,
    company_name: entity.company_name,
    plan: entity.plan,
    trial_ends_at: entity.trial_ends_at ? entity.trial_ends_at.toISOString() : null,
    features: [...entity.features],
    enabled_carrier_scacs: [...entity.enabled_carrier_scacs],
    created_at: entity.created_at.toISOString(),
  };
}

/** Accounts are the tenants themselves, so nothing here is scoped by another account. */
@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<Account | null> {
    const entity = await this.dataSource.getRepository(AccountEntity).findOneBy({ id });
    return entity ? toAccount(entity) : null;
  }

  /** An account and its first key in one transaction: there is never an account nobody can reach. */
  async createWithFirstKey(account: NewAccount, key: NewApiKey): Promise<{ account: Account; apiKeyId: string }> {
    return this.dataSource.transaction((manager) => this.insertWithKey(manager, account, key));
  }

  /**
   * Creates the account only when the database has none yet (the first start of a fresh
   * install). Concurrent starters serialize on an advisory lock, so exactly one creates it.
   */
  async createIfNoAccountExists(account: NewAccount, key: NewApiKey): Promise<{ account: Account; apiKeyId: string } | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [DEMO_ACCOUNT_LOCK]);
      const existing = await manager.getRepository(AccountEntity).count({ take: 1 });
      if (existing > 0) return null;
      return this.insertWithKey(manager, account, key);
    });
  }

  private async insertWithKey(manager: EntityManager, account: NewAccount, key: NewApiKey): Promise<{ account: Account; apiKeyId: string }> {
    const saved = await manager.getRepository(AccountEntity).save(
      manager.getRepository(AccountEntity).create({ enabled_carrier_scacs: [], ...account }),
    );
    const savedKey = await manager.getRepository(ApiKeyEntity).save(
      manager.getRepository(ApiKeyEntity).create({ ...key, account_id: saved.id }),
    );
    return { account: toAccount(saved), apiKeyId: savedKey.id };
  }
}
