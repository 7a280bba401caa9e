import type { CustomFieldDefinitionEntity, CustomFieldOptionEntity, CustomFieldView } from '@quayside/data-access';
import { relationshipByIds } from '@quayside/json-api';
import type { RelationshipDefinition, ResourceDefinition } from '@quayside/json-api';
import { CUSTOM_FIELD_ENTITY_RESOURCE_TYPES } from '@quayside/domain';
import type { AccountContext } from '../tenancy/account-context';

export const CUSTOM_FIELD_DEFINITION_TYPE = 'custom_field_definition';
export const CUSTOM_FIELD_OPTION_TYPE = 'custom_field_option';
export const CUSTOM_FIELD_TYPE = 'custom_field';

export const customFieldDefinitionResource: ResourceDefinition<CustomFieldDefinitionEntity, AccountContext> = {
  type: CUSTOM_FIELD_DEFINITION_TYPE,
  id: (definition) => definition.id,
  attributes: (definition) => ({
    entity_type: definition.entity_type,
    api_slug: definition.api_slug,
    display_name: definition.display_name,
    description: definition.description,
    data_type: definition.data_type,
    reference_type: definition.reference_type,
    validation: definition.validation,
    default_format: definition.default_format,
    default_value: definition.default_value,
    created_at: definition.created_at.toISOString(),
    updated_at: definition.updated_at.toISOString(),
  }),
  selfLink: (definition) => `/v2/custom_field_definitions/${definition.id}`,
};

export const customFieldOptionResource: ResourceDefinition<CustomFieldOptionEntity, AccountContext> = {
  type: CUSTOM_FIELD_OPTION_TYPE,
  id: (option) => option.id,
  attributes: (option) => ({
    label: option.label,
    value: option.value,
    position: option.position,
    created_at: option.created_at.toISOString(),
    updated_at: option.updated_at.toISOString(),
  }),
  selfLink: (option) => `/v2/custom_field_definitions/${option.definition_id}/options/${option.id}`,
};

type Loader = (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;

/** A value: `entity` is the shipment, container or tracking request it is on; `definition` is includable. */
export function customFieldResource(loadDefinitions: Loader): ResourceDefinition<CustomFieldView, AccountContext> {
  return {
    type: CUSTOM_FIELD_TYPE,
    id: (field) => field.id,
    attributes: (field) => ({
      api_slug: field.api_slug,
      value: field.value,
      display_value: field.display_value,
      created_at: field.created_at.toISOString(),
      updated_at: field.updated_at.toISOString(),
    }),
    relationships: {
      entity: {
        type: 'shipment',
        linkage: (field) => ({ id: field.entity_id, type: CUSTOM_FIELD_ENTITY_RESOURCE_TYPES[field.entity_type] }),
      },
      definition: relationshipByIds<CustomFieldView, AccountContext>(
        CUSTOM_FIELD_DEFINITION_TYPE,
        (field) => field.definition_id,
        loadDefinitions,
      ),
    },
    selfLink: (field) => `/v2/custom_fields/${field.id}`,
  };
}

/**
 * The `custom_fields` relationship of a shipment, container or tracking request: the ids of its
 * values are fetched for each batch of records being shown (one query), unless the record's
 * repository read them with it (`custom_field_ids`, as containers do: no query of its own); the
 * values themselves only when `include=custom_fields` asks for them.
 */
export function customFieldsRelationship(
  idsByEntity: (entityIds: readonly string[], account: AccountContext) => Promise<Map<string, string[]>>,
  loadValues: Loader,
): RelationshipDefinition<{ id: string; custom_field_ids?: readonly string[] }, AccountContext> {
  const linkages = new WeakMap<object, readonly string[]>();
  return {
    type: CUSTOM_FIELD_TYPE,
    linkage: (record) => record.custom_field_ids ?? linkages.get(record),
    prefetch: async (records, account) => {
      const unknown = records.filter((record) => record.custom_field_ids === undefined);
      if (unknown.length === 0) return;
      const ids = await idsByEntity(
        unknown.map((record) => record.id),
        account,
      );
      for (const record of unknown) linkages.set(record, ids.get(record.id) ?? []);
    },
    load: async (parents, account) =>
      loadValues(
        parents.flatMap((parent) => parent.custom_field_ids ?? linkages.get(parent) ?? []),
        account,
      ),
  };
}
