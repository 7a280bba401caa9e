import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Account } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { WidgetKeyEntity } from '../entities/widget-key.entity';
import { toAccount } from './account.repository';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

/** Publishable widget keys start so; an API key never does, so the two cannot be confused. */
export const WIDGET_KEY_PREFIX = 'qs_pk_';

export interface WidgetKey {
  id: string;
  account_id: string;
  name: string;
  key: string;
  allowed_origins: string[];
  created_at: string;
}

const toWidgetKey = (row: WidgetKeyEntity): WidgetKey => ({
  id: row.id,
  account_id: row.account_id,
  name: row.name,
  key: row.key,
  allowed_origins: row.allowed_origins,
  created_at: row.created_at.toISOString(),
});

export function isWellFormedWidgetKey(key: string): boolean {
  return /^qs_pk_[A-Za-z0-9_-]{20,64}$/.test(key);
}

@Injectable()
export class WidgetKeyRepository extends AccountScopedRepository<WidgetKeyEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, WidgetKeyEntity, 'widget_key');
  }

  /** The widget's lookup: the key and its account (plan, features), or null. */
  async findByKey(key: string): Promise<{ widgetKey: WidgetKey; account: Account } | null> {
    if (!isWellFormedWidgetKey(key)) return null;
    const row = await this.repository()
      .createQueryBuilder('key')
      .innerJoinAndMapOne('key.account', AccountEntity, 'account', 'account.id = key.account_id')
      .where('key.key = :key', { key })
      .getOne();
    return row?.account ? { widgetKey: toWidgetKey(row), account: toAccount(row.account) } : null;
  }

  async list(scope: AccountScope): Promise<WidgetKey[]> {
    const rows = await this.scoped(scope).orderBy('row.created_at', 'ASC').addOrderBy('row.id', 'ASC').getMany();
    return rows.map(toWidgetKey);
  }

  async get(scope: AccountScope, id: string): Promise<WidgetKey> {
    return toWidgetKey(await this.findOwned(scope, id));
  }

  async create(scope: AccountScope, attributes: { name: string; allowed_origins: string[] }): Promise<WidgetKey> {
    const repository = this.repository();
    const key = `${WIDGET_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    return toWidgetKey(await repository.save(repository.create({ ...attributes, key, account_id: scope.accountId })));
  }

  async update(scope: AccountScope, id: string, changes: { name?: string; allowed_origins?: string[] }): Promise<WidgetKey> {
    const row = await this.findOwned(scope, id);
    return toWidgetKey(await this.repository().save({ ...row, ...changes }));
  }

  /** Revoking deletes: the key stops working at once and nothing else refers to it. */
  async delete(scope: AccountScope, id: string): Promise<void> {
    const row = await this.findOwned(scope, id);
    await this.repository().delete({ id: row.id, account_id: scope.accountId });
  }
}
