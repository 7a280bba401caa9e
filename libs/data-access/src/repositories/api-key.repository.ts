import { Injectable } from '@nestjs/common';
import type { Account } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { toAccount } from './account.repository';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

/** A key as the rest of the app sees it: never its hash, never the key. */
export interface ApiKey {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  last_four: string;
  created_at: string;
  last_used_at: string | null;
}

function toApiKey(entity: ApiKeyEntity): ApiKey {
  return {
    id: entity.id,
    account_id: entity.account_id,
    name: entity.name,
    prefix: entity.prefix,
    last_four: entity.last_four,
    created_at: entity.created_at.toISOString(),
    last_used_at: entity.last_used_at ? entity.last_used_at.toISOString() : null,
  };
}

const isLive = (row: ApiKeyEntity): boolean => row.deleted_at === null;

@Injectable()
export class ApiKeyRepository extends AccountScopedRepository<ApiKeyEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ApiKeyEntity, 'api_key');
  }

  /**
   * Authentication's lookup, by the hash of the presented key (one index probe); deleted
   * keys are not found. The only unscoped read of keys: it is what resolves the scope.
   */
  async findLiveByHash(keyHash: string): Promise<{ apiKeyId: string; keyHash: string; account: Account; lastUsedAt: Date | null } | null> {
    const row = await this.repository()
      .createQueryBuilder('key')
      .innerJoinAndMapOne('key.account', AccountEntity, 'account', 'account.id = key.account_id')
      .where('key.key_hash = :keyHash', { keyHash })
      .andWhere('key.deleted_at IS NULL')
      .getOne();
    if (!row?.account) return null;
    return { apiKeyId: row.id, keyHash: row.key_hash, account: toAccount(row.account), lastUsedAt: row.last_used_at };
  }

  /** Records use at most once a minute per key, so authentication is not a write per request. */
  async touchLastUsed(apiKeyId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE api_keys SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [apiKeyId],
    );
  }

  async listLive(scope: AccountScope): Promise<ApiKey[]> {
    const rows = await this.scoped(scope, 'row')
      .andWhere('row.deleted_at IS NULL')
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .getMany();
    return rows.map(toApiKey);
  }

  async findLiveOwned(scope: AccountScope, id: string): Promise<ApiKey> {
    return toApiKey(await this.findOwned(scope, id, isLive));
  }

  /** Stores a key's visible parts and hash (see `generateApiKey`); the key itself never gets here. */
  async create(scope: AccountScope, key: { name: string; prefix: string; last_four: string; key_hash: string }): Promise<ApiKey> {
    const repository = this.repository();
    return toApiKey(await repository.save(repository.create({ ...key, account_id: scope.accountId })));
  }

  /**
   * Soft delete: the key stops working at once; the row stays for audit. The account's last
   * live key is kept (answer `last`), so an account is never locked out by its own request;
   * the account's keys are locked meanwhile so two deletes cannot both pass that check.
   */
  async deleteUnlessLast(scope: AccountScope, id: string): Promise<'deleted' | 'last'> {
    const row = await this.findOwned(scope, id, isLive);
    return this.dataSource.transaction(async (manager) => {
      const live = await this.scoped(scope, 'row', manager).andWhere('row.deleted_at IS NULL').setLock('pessimistic_write').getMany();
      if (!live.some((key) => key.id === row.id)) return 'deleted';
      if (live.length <= 1) return 'last';
      await this.repository(manager).update({ id: row.id, account_id: scope.accountId }, { deleted_at: () => 'now()' });
      return 'deleted';
    });
  }
}
