import { Injectable } from '@nestjs/common';
import { notFound } from '@quayside/domain';
import { DataSource, In, QueryFailedError } from 'typeorm';
import { CustomFieldOptionEntity } from '../entities/custom-field-option.entity';
import type { AccountScope } from './account-scope';
import { isUuid } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import type { Page, PageOf } from './list-page';

export interface CustomFieldOptionFields {
  label: string;
  value: string;
  position: number | null;
}

const UNIQUE_VIOLATION = '23505';

/** Options of `enum` / `enum_multi` definitions, ordered by `position` (unset last), then age. */
@Injectable()
export class CustomFieldOptionRepository extends AccountScopedRepository<CustomFieldOptionEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, CustomFieldOptionEntity, 'custom_field_option');
  }

  async list(scope: AccountScope, definitionId: string, page: Page): Promise<PageOf<CustomFieldOptionEntity>> {
    const [rows, total] = await this.scoped(scope, 'row')
      .andWhere('row.definition_id = :definitionId', { definitionId })
      .orderBy('row.position', 'ASC', 'NULLS LAST')
      .addOrderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .skip(page.offset)
      .take(page.size)
      .getManyAndCount();
    return { rows, total };
  }

  /** Every option of the given definitions (for checking and showing values). */
  async ofDefinitions(definitionIds: readonly string[]): Promise<CustomFieldOptionEntity[]> {
    if (definitionIds.length === 0) return [];
    return this.repository().find({ where: { definition_id: In([...definitionIds]) }, order: { created_at: 'ASC', id: 'ASC' } });
  }

  /** One option of one definition of the caller (404 unknown or under another definition, 401 another account's). */
  async findIn(scope: AccountScope, definitionId: string, optionId: string): Promise<CustomFieldOptionEntity> {
    const option = await this.findOwned(scope, optionId);
    if (option.definition_id !== definitionId) throw notFound(this.resourceType, optionId);
    return option;
  }

  /** `duplicate` when the definition already has an option with this value. */
  async create(scope: AccountScope, definitionId: string, fields: CustomFieldOptionFields): Promise<CustomFieldOptionEntity | 'duplicate'> {
    const repository = this.repository();
    try {
      return await repository.save(repository.create({ ...fields, definition_id: definitionId, account_id: scope.accountId }));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate';
      throw error;
    }
  }

  async update(
    option: CustomFieldOptionEntity,
    changes: Partial<Omit<CustomFieldOptionFields, 'value'>>,
  ): Promise<CustomFieldOptionEntity> {
    if (Object.keys(changes).length === 0) return option;
    return this.repository().save(Object.assign(option, changes));
  }

  async remove(option: CustomFieldOptionEntity): Promise<void> {
    if (!isUuid(option.id)) return;
    await this.repository().delete({ id: option.id, account_id: option.account_id });
  }
}
