import type { CustomFieldDefinitionRepository, CustomFieldMatch } from '@quayside/data-access';
import { badRequest } from '@quayside/domain';
import type { CustomFieldEntityType } from '@quayside/domain';
import type { AccountContext } from '../tenancy/account-context';
import type { Query } from './query-parameters';

const PARAMETER = /^filter\[custom_fields\]\[([^\]]*)\]$/;

/** Whether a query parameter is a custom field filter (`filter[custom_fields][<api_slug>]`). */
export function isCustomFieldFilter(parameter: string): boolean {
  return PARAMETER.test(parameter);
}

/**
 * Reads `filter[custom_fields][<api_slug>]=<value>` of a list of `entityType` records: each
 * slug must be a field defined for that entity type (400 naming the parameter otherwise), and
 * a record must have every value asked (docs/custom-fields.md).
 */
export async function customFieldFilters(
  definitions: CustomFieldDefinitionRepository,
  account: AccountContext,
  entityType: CustomFieldEntityType,
  query: Query,
): Promise<CustomFieldMatch[] | undefined> {
  const asked: { parameter: string; slug: string; value: string }[] = [];
  for (const [parameter, value] of Object.entries(query)) {
    const slug = PARAMETER.exec(parameter)?.[1];
    if (slug === undefined) continue;
    if (typeof value !== 'string') throw badRequest(`${parameter} must be given once.`, { parameter });
    asked.push({ parameter, slug, value });
  }
  if (asked.length === 0) return undefined;
  const found = await definitions.findBySlugs(
    account,
    entityType,
    asked.map((filter) => filter.slug),
  );
  return asked.map((filter) => {
    const definition = found.find((candidate) => candidate.api_slug === filter.slug);
    if (!definition)
      throw badRequest(`${filter.parameter}: no ${entityType} custom field ${filter.slug}.`, { parameter: filter.parameter });
    return { definitionId: definition.id, value: filter.value };
  });
}
