import { Injectable } from '@nestjs/common';
import {
  CustomFieldDefinitionRepository,
  CustomFieldOptionRepository,
  CustomFieldRepository,
  OWNED_RECORD_TABLES,
  RecordOwnerRepository,
  isUuid,
} from '@quayside/data-access';
import type { CustomFieldDefinitionEntity, CustomFieldEntity, CustomFieldFilters, CustomFieldView, RecordRef } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import {
  DomainError,
  badRequest,
  checkCustomFieldValue,
  conflict,
  customFieldEntityType,
  notFound,
  unauthorized,
  unprocessableEntity,
} from '@quayside/domain';
import type { CustomFieldEntityType, CustomFieldValue } from '@quayside/domain';
import type { PageResult } from '../common/json-api-presenter.service';
import { textParameter } from '../common/query-parameters';
import type { Query } from '../common/query-parameters';
import type { AccountContext } from '../tenancy/account-context';

/** The shipment, container or tracking request a value sits on. */
export interface CustomFieldOwner {
  type: CustomFieldEntityType;
  id: string;
}

const VALUE = '/data/attributes/value';
const SLUG = '/data/attributes/api_slug';

/**
 * Custom field values, through `/v2/custom_fields` and each entity's `/custom_fields`. Every
 * write checks the entity is the caller's (404 / 401), the definition exists for its entity
 * type, and the value fits the definition (422 naming the field).
 */
@Injectable()
export class CustomFieldValuesService {
  constructor(
    private readonly values: CustomFieldRepository,
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly options: CustomFieldOptionRepository,
    private readonly owners: RecordOwnerRepository,
  ) {}

  filters(query: Query): CustomFieldFilters {
    const filters: CustomFieldFilters = {};
    const entity = textParameter(query, 'filter[entity_type]');
    if (entity !== undefined) {
      const entityType = customFieldEntityType(entity);
      if (!entityType)
        throw badRequest('filter[entity_type] must be Shipment, Container or TrackingRequest.', { parameter: 'filter[entity_type]' });
      filters.entityType = entityType;
    }
    for (const [parameter, key] of [
      ['filter[entity_id]', 'entityId'],
      ['filter[definition_id]', 'definitionId'],
    ] as const) {
      const id = textParameter(query, parameter);
      if (id === undefined) continue;
      if (!isUuid(id)) throw badRequest(`${parameter} must be an id (uuid).`, { parameter });
      filters[key] = id;
    }
    return filters;
  }

  /** A filter naming another account's record is 401, like a path would be (docs/json-api.md, "Order of checks"). */
  async list(account: AccountContext, filters: CustomFieldFilters, page: PageRequest): Promise<PageResult<CustomFieldView>> {
    const named: RecordRef[] = [];
    if (filters.definitionId) named.push({ kind: 'custom_field_definition', id: filters.definitionId });
    if (filters.entityId)
      named.push(...(['shipment', 'container', 'tracking_request'] as const).map((kind) => ({ kind, id: filters.entityId ?? '' })));
    if (named.length > 0 && (await this.owners.namesForeignRecord(account, named))) throw unauthorized();
    return this.values.list(account, filters, { offset: page.offset, size: page.size });
  }

  async get(account: AccountContext, id: string): Promise<CustomFieldView> {
    return this.values.findView(account, id);
  }

  async listFor(account: AccountContext, owner: CustomFieldOwner): Promise<CustomFieldView[]> {
    await this.values.assertEntityOwned(account, owner.type, owner.id);
    return this.values.viewsOfEntities(account, owner.type, [owner.id]);
  }

  /** `POST /v2/custom_fields`: the entity comes from `relationships.entity`. */
  async createFromRelationships(
    account: AccountContext,
    relationships: Record<string, unknown>,
    apiSlug: string | undefined,
    value: unknown,
  ): Promise<CustomFieldView> {
    const owner = this.ownerOf(relationships);
    try {
      await this.values.assertEntityOwned(account, owner.type, owner.id);
    } catch (error) {
      // An unknown record named in the body is a 422 on that member; another account's stays 401.
      if (error instanceof DomainError && error.kind === 'not_found') {
        throw unprocessableEntity({
          pointer: '/data/relationships/entity/data/id',
          detail: `No ${owner.type} with id ${owner.id}.`,
          code: 'not_found',
        });
      }
      throw error;
    }
    return this.create(account, owner, apiSlug, value);
  }

  async create(account: AccountContext, owner: CustomFieldOwner, apiSlug: string | undefined, value: unknown): Promise<CustomFieldView> {
    await this.values.assertEntityOwned(account, owner.type, owner.id);
    if (apiSlug === undefined || apiSlug === '')
      throw unprocessableEntity({ pointer: SLUG, detail: 'api_slug is required.', code: 'blank' });
    const definition = await this.definitions.findBySlug(account, owner.type, apiSlug);
    if (!definition)
      throw unprocessableEntity({
        pointer: SLUG,
        detail: `No ${owner.type} custom field ${apiSlug}; define it first.`,
        code: 'unknown_field',
      });
    const stored = await this.checked(account, definition, value);
    const created = await this.values.create(account, {
      definition_id: definition.id,
      entity_type: owner.type,
      entity_id: owner.id,
      value: stored,
    });
    if (created === 'duplicate') {
      const existing = await this.values.findByDefinition(account, definition.id, owner.id);
      throw conflict(
        `This ${owner.type} already has a value for ${apiSlug}; PATCH it.`,
        existing ? { custom_field_id: existing.id } : undefined,
      );
    }
    return this.values.findView(account, created.id);
  }

  async update(account: AccountContext, id: string, value: unknown): Promise<CustomFieldView> {
    const row = await this.values.findOwned(account, id);
    const definition = await this.definitions.findOwned(account, row.definition_id);
    await this.values.updateValue(row, await this.checked(account, definition, value));
    return this.values.findView(account, row.id);
  }

  async updateFor(account: AccountContext, owner: CustomFieldOwner, apiSlug: string, value: unknown): Promise<CustomFieldView> {
    const row = await this.rowFor(account, owner, apiSlug);
    return this.update(account, row.id, value);
  }

  async remove(account: AccountContext, id: string): Promise<void> {
    await this.values.remove(await this.values.findOwned(account, id));
  }

  async removeFor(account: AccountContext, owner: CustomFieldOwner, apiSlug: string): Promise<void> {
    await this.values.remove(await this.rowFor(account, owner, apiSlug));
  }

  private async rowFor(account: AccountContext, owner: CustomFieldOwner, apiSlug: string): Promise<CustomFieldEntity> {
    await this.values.assertEntityOwned(account, owner.type, owner.id);
    const definition = await this.definitions.findBySlug(account, owner.type, apiSlug);
    if (!definition) throw notFound(`${owner.type} custom field`, apiSlug);
    const row = await this.values.findByDefinition(account, definition.id, owner.id);
    if (!row) throw notFound(`value of ${apiSlug} on this ${owner.type}`);
    return row;
  }

  private async checked(account: AccountContext, definition: CustomFieldDefinitionEntity, value: unknown): Promise<CustomFieldValue> {
    const options =
      definition.data_type === 'enum' || definition.data_type === 'enum_multi' ? await this.options.ofDefinitions([definition.id]) : [];
    const result = checkCustomFieldValue({ ...definition, options }, value, VALUE);
    if (!result.ok) throw unprocessableEntity(result.issue);
    if (definition.data_type === 'reference' && typeof result.value === 'string' && definition.reference_type !== null) {
      const table = OWNED_RECORD_TABLES[definition.reference_type];
      if (!(await this.values.ownsRecord(account, table, result.value))) {
        throw unprocessableEntity({
          pointer: VALUE,
          detail: `${definition.api_slug}: no ${definition.reference_type} with id ${result.value} in your account.`,
          code: 'not_found',
          meta: { api_slug: definition.api_slug, data_type: definition.data_type },
        });
      }
    }
    return result.value;
  }

  private ownerOf(relationships: Record<string, unknown>): CustomFieldOwner {
    const entity = relationships['entity'];
    const data = typeof entity === 'object' && entity !== null ? (entity as Record<string, unknown>)['data'] : undefined;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw unprocessableEntity({
        pointer: '/data/relationships/entity',
        detail: 'relationships.entity.data must be {"type": "shipment" | "container" | "tracking_request", "id": <uuid>}.',
        code: 'blank',
      });
    }
    const { type, id } = data as Record<string, unknown>;
    const entityType = typeof type === 'string' ? customFieldEntityType(type) : undefined;
    if (!entityType)
      throw unprocessableEntity({
        pointer: '/data/relationships/entity/data/type',
        detail: 'type must be shipment, container or tracking_request.',
      });
    if (typeof id !== 'string' || !isUuid(id))
      throw unprocessableEntity({ pointer: '/data/relationships/entity/data/id', detail: 'id must be the id (uuid) of the record.' });
    return { type: entityType, id };
  }
}
