import { Injectable } from '@nestjs/common';
import type { CustomFieldDataType, CustomFieldEntityType, CustomFieldReferenceType, CustomFieldValue } from '@quayside/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import { CustomFieldDefinitionEntity } from '../entities/custom-field-definition.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { containsPattern, listPage } from './list-page';
import type { Page, PageOf } from './list-page';

export interface CustomFieldDefinitionFields {
  entity_type: CustomFieldEntityType;
  api_slug: string;
  display_name: string;
  description: string | null;
  data_type: CustomFieldDataType;
  reference_type: CustomFieldReferenceType | null;
  validation: Record<string, unknown> | null;
  default_format: string | null;
  default_value: CustomFieldValue;
}

export interface CustomFieldDefinitionFilters {
  entityType?: CustomFieldEntityType;
  dataType?: CustomFieldDataType;
  /** `display_name` starts with this, case-insensitively. */
  displayNamePrefix?: string;
}

const UNIQUE_VIOLATION = '23505';

/** Custom field definitions of an account: one `api_slug` per entity type (`uq_custom_field_definitions_slug`). */
@Injectable()
export class CustomFieldDefinitionRepository extends AccountScopedRepository<CustomFieldDefinitionEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, CustomFieldDefinitionEntity, 'custom_field_definition');
  }

  async list(scope: AccountScope, filters: CustomFieldDefinitionFilters, page: Page): Promise<PageOf<CustomFieldDefinitionEntity>> {
    const query = this.scoped(scope, 'row');
    if (filters.entityType) query.andWhere('row.entity_type = :entityType', { entityType: filters.entityType });
    if (filters.dataType) query.andWhere('row.data_type = :dataType', { dataType: filters.dataType });
    if (filters.displayNamePrefix) {
      // containsPattern escapes the wildcards; drop its leading % to anchor the prefix.
      query.andWhere('row.display_name ILIKE :prefix', { prefix: containsPattern(filters.displayNamePrefix).slice(1) });
    }
    return listPage(query, 'row', page);
  }

  async findBySlug(scope: AccountScope, entityType: CustomFieldEntityType, apiSlug: string): Promise<CustomFieldDefinitionEntity | null> {
    return this.scoped(scope, 'row')
      .andWhere('row.entity_type = :entityType AND row.api_slug = :apiSlug', { entityType, apiSlug })
      .getOne();
  }

  async findBySlugs(
    scope: AccountScope,
    entityType: CustomFieldEntityType,
    apiSlugs: readonly string[],
  ): Promise<CustomFieldDefinitionEntity[]> {
    if (apiSlugs.length === 0) return [];
    return this.scoped(scope, 'row')
      .andWhere('row.entity_type = :entityType AND row.api_slug IN (:...apiSlugs)', { entityType, apiSlugs })
      .getMany();
  }

  /** Creates a definition; `duplicate` when the entity type already has this `api_slug`. */
  async create(scope: AccountScope, fields: CustomFieldDefinitionFields): Promise<CustomFieldDefinitionEntity | 'duplicate'> {
    const repository = this.repository();
    try {
      return await repository.save(repository.create({ ...fields, account_id: scope.accountId }));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate';
      throw error;
    }
  }

  async update(
    definition: CustomFieldDefinitionEntity,
    changes: Partial<CustomFieldDefinitionFields>,
  ): Promise<CustomFieldDefinitionEntity> {
    if (Object.keys(changes).length === 0) return definition;
    return this.repository().save(Object.assign(definition, changes));
  }

  /** Deletes a definition with its options and every value of it. */
  async remove(definition: CustomFieldDefinitionEntity): Promise<void> {
    await this.repository().delete({ id: definition.id, account_id: definition.account_id });
  }
}
