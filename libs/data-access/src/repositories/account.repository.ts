import { Injectable } from '@nestjs/common';
import type { Account, AccountFeature, Plan } from '@quayside/domain';
import { DataSource, IsNull } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { generateApiKey, maskApiKey } from './api-key-secret';

export interface NewAccount {
  company_name: string;
  plan: Plan;
  trial_ends_at: Date | null;
  features: AccountFeature[];
  enabled_carrier_scacs?: string[];
}

/** An account just created, with its first key: `key` is the only time the key exists in full. */
export interface ProvisionedAccount {
  account: Account;
  apiKeyId: string;
  key: string;
  /** How listings show the key from now on. */
  masked: string;
}

// Any constant shared by every process that may create a named account at the same time.
const NAMED_ACCOUNT_LOCK = 0x51_5a_de_00;

export function toAccount(entity: AccountEntity): Account {
  return {
    id: entity.id,
    company_name: entity.company_name,
    plan: entity.plan,
    trial_ends_at: entity.trial_ends_at ? entity.trial_ends_at.toISOString() : null,
    features: [...entity.features],
    enabled_carrier_scacs: [...entity.enabled_carrier_scacs],
    documents_create_tracking_requests: entity.documents_create_tracking_requests,
    created_at: entity.created_at.toISOString(),
  };
}

/** Accounts are the tenants themselves, so nothing here is scoped by another account. */
@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's own settings (`PATCH /v2/account`); returns the account as changed. */
  async updateSettings(id: string, settings: Partial<Pick<AccountEntity, 'documents_create_tracking_requests'>>): Promise<Account> {
    if (Object.keys(settings).length > 0) await this.dataSource.getRepository(AccountEntity).update({ id }, settings);
    return toAccount(await this.dataSource.getRepository(AccountEntity).findOneByOrFail({ id }));
  }

  async findById(id: string): Promise<Account | null> {
    const entity = await this.dataSource.getRepository(AccountEntity).findOneBy({ id });
    return entity ? toAccount(entity) : null;
  }

  /** An account and its first key in one transaction: there is never an account nobody can reach. */
  async createWithFirstKey(account: NewAccount, keyName: string): Promise<ProvisionedAccount> {
    return this.dataSource.transaction((manager) => this.insertWithKey(manager, account, keyName));
  }

  /**
   * The account named `account.company_name`, created with a first key when there is none
   * (the demo account on the first start of an install). Concurrent callers serialize on an
   * advisory lock, so exactly one creates it. An existing account's key cannot be shown
   * again: its mask (of the oldest live key) is returned instead.
   */
  async findOrCreateByCompanyName(
    account: NewAccount,
    keyName: string,
  ): Promise<{ created: true; provisioned: ProvisionedAccount } | { created: false; account: Account; maskedKey: string | null }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [NAMED_ACCOUNT_LOCK]);
      const existing = await manager
        .getRepository(AccountEntity)
        .findOne({ where: { company_name: account.company_name }, order: { created_at: 'ASC' } });
      if (!existing) return { created: true as const, provisioned: await this.insertWithKey(manager, account, keyName) };
      const key = await manager
        .getRepository(ApiKeyEntity)
        .findOne({ where: { account_id: existing.id, deleted_at: IsNull() }, order: { created_at: 'ASC' } });
      return { created: false as const, account: toAccount(existing), maskedKey: key ? maskApiKey(key.prefix, key.last_four) : null };
    });
  }

  private async insertWithKey(manager: EntityManager, account: NewAccount, keyName: string): Promise<ProvisionedAccount> {
    const accounts = manager.getRepository(AccountEntity);
    const keys = manager.getRepository(ApiKeyEntity);
    const saved = await accounts.save(accounts.create({ enabled_carrier_scacs: [], ...account }));
    const generated = generateApiKey();
    const savedKey = await keys.save(
      keys.create({
        account_id: saved.id,
        name: keyName,
        prefix: generated.prefix,
        last_four: generated.lastFour,
        key_hash: generated.hash,
      }),
    );
    return {
      account: toAccount(saved),
      apiKeyId: savedKey.id,
      key: generated.key,
      masked: maskApiKey(generated.prefix, generated.lastFour),
    };
  }
}
