import { Injectable } from '@nestjs/common';
import { customFieldDisplayValue, notFound, unauthorized } from '@quayside/domain';
import type { CustomFieldDataType, CustomFieldEntityType, CustomFieldValue } from '@quayside/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { CustomFieldEntity } from '../entities/custom-field.entity';
import type { AccountScope } from './account-scope';
import { isUuid } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import type { Page, PageOf } from './list-page';
import { queryRows } from './query-rows';

/** A custom field value as the api shows it: with its definition's `api_slug` and the `display_value`. */
export interface CustomFieldView {
  id: string;
  account_id: string;
  definition_id: string;
  entity_type: CustomFieldEntityType;
  entity_id: string;
  api_slug: string;
  data_type: CustomFieldDataType;
  value: CustomFieldValue;
  display_value: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CustomFieldFilters {
  entityType?: CustomFieldEntityType;
  entityId?: string;
  definitionId?: string;
}

/** The entities a custom field can sit on, and their tables. */
export const CUSTOM_FIELD_ENTITY_TABLES: Readonly<Record<CustomFieldEntityType, { table: string; resourceType: string }>> = {
  Shipment: { table: 'shipments', resourceType: 'shipment' },
  Container: { table: 'containers', resourceType: 'container' },
  TrackingRequest: { table: 'tracking_requests', resourceType: 'tracking_request' },
};

const UNIQUE_VIOLATION = '23505';

type ViewRow = Omit<CustomFieldView, 'display_value'> & { options: { value: string; label: string }[] | null };

const VIEW_SELECT = `
  SELECT cf.id, cf.account_id, cf.definition_id, cf.entity_type, cf.entity_id, cf.value, cf.created_at, cf.updated_at,
         d.api_slug, d.data_type,
         (SELECT json_agg(json_build_object('value', o.value, 'label', o.label)) FROM custom_field_options o WHERE o.definition_id = d.id) AS options
  FROM custom_fields cf JOIN custom_field_definitions d ON d.id = cf.definition_id`;

function toView(row: ViewRow): CustomFieldView {
  const { options, ...view } = row;
  return { ...view, display_value: customFieldDisplayValue({ data_type: row.data_type, options: options ?? [] }, row.value) };
}

/**
 * The values on the given records of one account, oldest first, in one query (webhook payloads
 * carry them with their records; docs/custom-fields.md).
 */
export async function customFieldViewsOfRecords(
  manager: EntityManager,
  accountId: string,
  records: readonly { entityType: CustomFieldEntityType; id: string }[],
): Promise<CustomFieldView[]> {
  const valid = records.filter((record) => isUuid(record.id));
  if (valid.length === 0) return [];
  const rows = await queryRows<ViewRow>(
    manager,
    `${VIEW_SELECT} WHERE cf.account_id = $1 AND (cf.entity_type, cf.entity_id) IN (SELECT * FROM unnest($2::text[], $3::uuid[]))
     ORDER BY cf.created_at, cf.id`,
    [accountId, valid.map((record) => record.entityType), valid.map((record) => record.id)],
  );
  return rows.map(toView);
}

/**
 * Custom field values: at most one per definition and entity (`uq_custom_fields_entity`);
 * lists by `(created_at, id)` ascending.
 */
@Injectable()
export class CustomFieldRepository extends AccountScopedRepository<CustomFieldEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, CustomFieldEntity, 'custom_field');
  }

  /** Checks a shipment, container or tracking request is the caller's: 404 exists nowhere, 401 another account's. */
  async assertEntityOwned(scope: AccountScope, entityType: CustomFieldEntityType, entityId: string): Promise<void> {
    const { table, resourceType } = CUSTOM_FIELD_ENTITY_TABLES[entityType];
    if (!isUuid(entityId)) throw notFound(resourceType, entityId);
    const [row] = await queryRows<{ account_id: string }>(this.dataSource, `SELECT account_id FROM ${table} WHERE id = $1`, [entityId]);
    if (row === undefined) throw notFound(resourceType, entityId);
    if (row.account_id !== scope.accountId) throw unauthorized();
  }

  /** Whether a record of `table` with this id exists in the caller's account (for `reference` values). */
  async ownsRecord(scope: AccountScope, table: string, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM ${table} WHERE id = $1 AND account_id = $2`, [
      id,
      scope.accountId,
    ]);
    return rows.length > 0;
  }

  async list(scope: AccountScope, filters: CustomFieldFilters, page: Page): Promise<PageOf<CustomFieldView>> {
    const where = ['cf.account_id = $1'];
    const parameters: unknown[] = [scope.accountId];
    const add = (column: string, value: string | undefined): void => {
      if (value === undefined) return;
      parameters.push(value);
      where.push(`${column} = $${parameters.length}`);
    };
    add('cf.entity_type', filters.entityType);
    add('cf.entity_id', filters.entityId);
    add('cf.definition_id', filters.definitionId);
    const condition = where.join(' AND ');
    const [count] = await queryRows<{ total: string }>(
      this.dataSource,
      `SELECT count(*) AS total FROM custom_fields cf WHERE ${condition}`,
      parameters,
    );
    const rows = await queryRows<ViewRow>(
      this.dataSource,
      `${VIEW_SELECT} WHERE ${condition} ORDER BY cf.created_at, cf.id OFFSET ${page.offset} LIMIT ${page.size}`,
      parameters,
    );
    return { rows: rows.map(toView), total: Number(count?.total ?? 0) };
  }

  /** One value of the caller as shown (404 unknown, 401 another account's). */
  async findView(scope: AccountScope, id: string): Promise<CustomFieldView> {
    const row = await this.findOwned(scope, id);
    const [view] = await this.viewsByIds(scope, [row.id]);
    if (view === undefined) throw notFound(this.resourceType, id);
    return view;
  }

  async viewsByIds(scope: AccountScope, ids: readonly string[], manager?: EntityManager): Promise<CustomFieldView[]> {
    const valid = [...new Set(ids)].filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await queryRows<ViewRow>(
      manager ?? this.dataSource,
      `${VIEW_SELECT} WHERE cf.account_id = $1 AND cf.id = ANY($2::uuid[]) ORDER BY cf.created_at, cf.id`,
      [scope.accountId, valid],
    );
    return rows.map(toView);
  }

  /** Every value on the given entities, oldest first. */
  async viewsOfEntities(
    scope: AccountScope,
    entityType: CustomFieldEntityType,
    entityIds: readonly string[],
    manager?: EntityManager,
  ): Promise<CustomFieldView[]> {
    const valid = [...new Set(entityIds)].filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await queryRows<ViewRow>(
      manager ?? this.dataSource,
      `${VIEW_SELECT} WHERE cf.account_id = $1 AND cf.entity_type = $2 AND cf.entity_id = ANY($3::uuid[]) ORDER BY cf.created_at, cf.id`,
      [scope.accountId, entityType, valid],
    );
    return rows.map(toView);
  }

  /** The ids of the values on each entity (the `custom_fields` linkage), in one query. */
  async idsByEntity(scope: AccountScope, entityType: CustomFieldEntityType, entityIds: readonly string[]): Promise<Map<string, string[]>> {
    const valid = [...new Set(entityIds)].filter(isUuid);
    const byEntity = new Map<string, string[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return byEntity;
    const rows = await queryRows<{ id: string; entity_id: string }>(
      this.dataSource,
      `SELECT id, entity_id FROM custom_fields WHERE account_id = $1 AND entity_type = $2 AND entity_id = ANY($3::uuid[]) ORDER BY created_at, id`,
      [scope.accountId, entityType, valid],
    );
    for (const row of rows) byEntity.get(row.entity_id)?.push(row.id);
    return byEntity;
  }

  async findByDefinition(scope: AccountScope, definitionId: string, entityId: string): Promise<CustomFieldEntity | null> {
    return this.scoped(scope, 'row')
      .andWhere('row.definition_id = :definitionId AND row.entity_id = :entityId', { definitionId, entityId })
      .getOne();
  }

  /** Stores a new value; `duplicate` when the entity already has a value of this definition. */
  async create(
    scope: AccountScope,
    fields: { definition_id: string; entity_type: CustomFieldEntityType; entity_id: string; value: CustomFieldValue },
  ): Promise<CustomFieldEntity | 'duplicate'> {
    try {
      const [row] = await queryRows<{ id: string }>(
        this.dataSource,
        `INSERT INTO custom_fields (account_id, definition_id, entity_type, entity_id, value) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
        [scope.accountId, fields.definition_id, fields.entity_type, fields.entity_id, JSON.stringify(fields.value)],
      );
      return this.findOwned(scope, row?.id ?? '');
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate';
      throw error;
    }
  }

  async updateValue(row: CustomFieldEntity, value: CustomFieldValue): Promise<void> {
    // Through SQL: TypeORM would store a bare string as text, not as a JSON string.
    await queryRows(this.dataSource, `UPDATE custom_fields SET value = $1::jsonb, updated_at = now() WHERE id = $2 AND account_id = $3`, [
      JSON.stringify(value),
      row.id,
      row.account_id,
    ]);
  }

  async remove(row: CustomFieldEntity): Promise<void> {
    await this.repository().delete({ id: row.id, account_id: row.account_id });
  }

  /** A deleted option leaves the values: single-select values of it are removed, multi-select lists drop it. */
  async dropOption(scope: AccountScope, definitionId: string, optionValue: string): Promise<void> {
    await queryRows(
      this.dataSource,
      `DELETE FROM custom_fields WHERE account_id = $1 AND definition_id = $2 AND value = to_jsonb($3::text)`,
      [scope.accountId, definitionId, optionValue],
    );
    await queryRows(
      this.dataSource,
      `UPDATE custom_fields SET value = value - $3::text, updated_at = now()
       WHERE account_id = $1 AND definition_id = $2 AND jsonb_typeof(value) = 'array' AND value ? $3::text`,
      [scope.accountId, definitionId, optionValue],
    );
  }
}
