import type { Linkage, RelationshipDefinition } from './resource-definition';

/** The distinct ids a batch of parents points at, in first-seen order. */
export function collectLinkageIds<TRecord>(parents: readonly TRecord[], linkage: (record: TRecord) => Linkage): string[] {
  const ids = new Set<string>();
  for (const parent of parents) {
    const value = linkage(parent);
    if (typeof value === 'string') ids.add(value);
    else if (Array.isArray(value)) for (const id of value as readonly string[]) ids.add(id);
  }
  return [...ids];
}

/**
 * A relationship whose ids sit on the parent record (a foreign key, or an id list the
 * repository filled in). Including it costs one `fetchByIds` call for all parents together,
 * and none when no parent points anywhere.
 */
export function relationshipByIds<TRecord, TContext>(
  type: string,
  linkage: (record: TRecord) => Linkage,
  fetchByIds?: (ids: readonly string[], context: TContext) => Promise<readonly unknown[]>,
): RelationshipDefinition<TRecord, TContext> {
  const definition: RelationshipDefinition<TRecord, TContext> = { type, linkage };
  if (fetchByIds) {
    definition.load = async (parents, context) => {
      const ids = collectLinkageIds(parents, linkage);
      return ids.length === 0 ? [] : fetchByIds(ids, context);
    };
  }
  return definition;
}
