import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PartyEntity } from '../entities/party.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

export interface PartyFields {
  company_name: string;
  nickname: string | null;
}

/** Parties (companies) of an account; listed by `(created_at, id)` ascending (`idx_parties_account_list`). */
@Injectable()
export class PartyRepository extends AccountScopedRepository<PartyEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, PartyEntity, 'party');
  }

  async list(scope: AccountScope, page: { offset: number; limit: number }): Promise<{ rows: PartyEntity[]; total: number }> {
    const [rows, total] = await this.scoped(scope, 'row')
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
    return { rows, total };
  }

  async create(scope: AccountScope, fields: PartyFields): Promise<PartyEntity> {
    const repository = this.repository();
    return repository.save(repository.create({ ...fields, account_id: scope.accountId }));
  }

  /** Changes the given fields of a party of the caller (404 unknown, 401 another account's). */
  async update(scope: AccountScope, id: string, changes: Partial<PartyFields>): Promise<PartyEntity> {
    const party = await this.findOwned(scope, id);
    if (Object.keys(changes).length === 0) return party;
    return this.repository().save(Object.assign(party, changes));
  }
}
