import { Injectable } from '@nestjs/common';
import { CustomFieldDefinitionRepository, CustomFieldOptionRepository } from '@quayside/data-access';
import type { CustomFieldDefinitionEntity, CustomFieldDefinitionFields, CustomFieldDefinitionFilters } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import {
  CUSTOM_FIELD_DATA_TYPES,
  badRequest,
  checkCustomFieldValue,
  conflict,
  customFieldEntityType,
  unprocessableEntity,
  validationIssues,
} from '@quayside/domain';
import type { CustomFieldDataType, CustomFieldValue, ValidationIssue } from '@quayside/domain';
import type { PageResult } from '../common/json-api-presenter.service';
import { searchParameter, textParameter } from '../common/query-parameters';
import type { Query } from '../common/query-parameters';
import type { AccountContext } from '../tenancy/account-context';
import type { CreateCustomFieldDefinitionAttributes } from './dto/create-custom-field-definition.dto';
import type { UpdateCustomFieldDefinitionAttributes } from './dto/update-custom-field-definition.dto';

const FIXED = ['entity_type', 'api_slug', 'data_type', 'reference_type'] as const;

/** Custom field definitions of the caller's account (docs/custom-fields.md). */
@Injectable()
export class CustomFieldDefinitionsService {
  constructor(
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly options: CustomFieldOptionRepository,
  ) {}

  filters(query: Query): CustomFieldDefinitionFilters {
    const filters: CustomFieldDefinitionFilters = {};
    const entity = textParameter(query, 'filter[entity_type]');
    if (entity !== undefined) {
      const entityType = customFieldEntityType(entity);
      if (!entityType)
        throw badRequest('filter[entity_type] must be Shipment, Container or TrackingRequest.', { parameter: 'filter[entity_type]' });
      filters.entityType = entityType;
    }
    const dataType = textParameter(query, 'filter[data_type]');
    if (dataType !== undefined) {
      if (!(CUSTOM_FIELD_DATA_TYPES as readonly string[]).includes(dataType)) {
        throw badRequest(`filter[data_type] must be one of ${CUSTOM_FIELD_DATA_TYPES.join(', ')}.`, { parameter: 'filter[data_type]' });
      }
      filters.dataType = dataType as CustomFieldDataType;
    }
    const prefix = searchParameter(query, 'filter[display_name]');
    if (prefix !== undefined) filters.displayNamePrefix = prefix;
    return filters;
  }

  async list(
    account: AccountContext,
    filters: CustomFieldDefinitionFilters,
    page: PageRequest,
  ): Promise<PageResult<CustomFieldDefinitionEntity>> {
    return this.definitions.list(account, filters, page);
  }

  async get(account: AccountContext, id: string): Promise<CustomFieldDefinitionEntity> {
    return this.definitions.findOwned(account, id);
  }

  async create(account: AccountContext, attributes: CreateCustomFieldDefinitionAttributes): Promise<CustomFieldDefinitionEntity> {
    const issues: ValidationIssue[] = validationIssues(attributes.data_type, attributes.validation ?? null, '/data/attributes/validation');
    const referenceType = attributes.reference_type ?? null;
    if (attributes.data_type === 'reference' && referenceType === null) {
      issues.push({
        pointer: '/data/attributes/reference_type',
        detail: 'reference_type is required for reference fields.',
        code: 'blank',
      });
    }
    if (attributes.data_type !== 'reference' && referenceType !== null) {
      issues.push({ pointer: '/data/attributes/reference_type', detail: 'reference_type applies only to reference fields.' });
    }
    const fields: CustomFieldDefinitionFields = {
      entity_type: attributes.entity_type,
      api_slug: attributes.api_slug,
      display_name: attributes.display_name.trim(),
      description: attributes.description ?? null,
      data_type: attributes.data_type,
      reference_type: referenceType,
      validation: attributes.validation ?? null,
      default_format: attributes.default_format ?? null,
      default_value: null,
    };
    if (issues.length === 0) fields.default_value = this.defaultValue(fields, [], attributes.default_value, issues);
    if (issues.length > 0) throw unprocessableEntity(issues);
    const created = await this.definitions.create(account, fields);
    if (created !== 'duplicate') return created;
    const existing = await this.definitions.findBySlug(account, fields.entity_type, fields.api_slug);
    throw conflict(
      `${fields.entity_type} already has a custom field ${fields.api_slug}.`,
      existing ? { custom_field_definition_id: existing.id } : undefined,
    );
  }

  async update(
    account: AccountContext,
    id: string,
    attributes: UpdateCustomFieldDefinitionAttributes,
  ): Promise<CustomFieldDefinitionEntity> {
    const definition = await this.definitions.findOwned(account, id);
    const issues: ValidationIssue[] = FIXED.filter((name) => attributes[name] !== undefined && attributes[name] !== definition[name]).map(
      (name) => ({
        pointer: `/data/attributes/${name}`,
        detail: `${name} cannot change; create another definition.`,
        code: 'immutable',
      }),
    );
    const changes: Partial<CustomFieldDefinitionFields> = {};
    if (attributes.display_name !== undefined) changes.display_name = attributes.display_name.trim();
    if (attributes.description !== undefined) changes.description = attributes.description;
    if (attributes.default_format !== undefined) changes.default_format = attributes.default_format;
    if (attributes.validation !== undefined) {
      issues.push(...validationIssues(definition.data_type, attributes.validation, '/data/attributes/validation'));
      changes.validation = attributes.validation;
    }
    if (attributes.default_value !== undefined && issues.length === 0) {
      const options = await this.options.ofDefinitions([definition.id]);
      changes.default_value = this.defaultValue({ ...definition, ...changes }, options, attributes.default_value, issues);
    }
    if (issues.length > 0) throw unprocessableEntity(issues);
    return this.definitions.update(definition, changes);
  }

  async remove(account: AccountContext, id: string): Promise<void> {
    await this.definitions.remove(await this.definitions.findOwned(account, id));
  }

  private defaultValue(
    definition: Pick<CustomFieldDefinitionFields, 'api_slug' | 'data_type' | 'validation'>,
    options: readonly { value: string; label: string }[],
    value: unknown,
    issues: ValidationIssue[],
  ): CustomFieldValue {
    if (value === undefined || value === null) return null;
    const checked = checkCustomFieldValue({ ...definition, options }, value, '/data/attributes/default_value');
    if (checked.ok) return checked.value;
    issues.push(checked.issue);
    return null;
  }
}
