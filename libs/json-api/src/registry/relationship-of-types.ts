import type { RelationshipDefinition } from './resource-definition';

/** One type a polymorphic to-one may point at: the id of that type on the parent, and its batch loader. */
export interface RelatedTypeOption<TRecord, TContext> {
  type: string;
  id: (record: TRecord) => string | null | undefined;
  fetchByIds: (ids: readonly string[], context: TContext) => Promise<readonly object[]>;
}

/**
 * A to-one whose related resource is one of several types (a shipment's `destination_terminal`
 * is a `terminal` or a `rail_terminal`): it points at the first option whose id the parent
 * has. `type` is the one the include paths below it are checked against. Including it costs one
 * query per option that some parent points at, and the loaded records keep their own types.
 */
export function relationshipOfTypes<TRecord, TContext>(
  type: string,
  options: readonly RelatedTypeOption<TRecord, TContext>[],
): RelationshipDefinition<TRecord, TContext> {
  const chosen = (record: TRecord): { type: string; id: string } | null => {
    for (const option of options) {
      const id = option.id(record);
      if (typeof id === 'string') return { type: option.type, id };
    }
    return null;
  };
  const typeOfLoaded = new WeakMap<object, string>();
  return {
    type,
    linkage: chosen,
    load: async (parents, context) => {
      const loaded = await Promise.all(
        options.map(async (option) => {
          const ids = [
            ...new Set(
              parents
                .map(chosen)
                .filter((link) => link?.type === option.type)
                .map((link) => link!.id),
            ),
          ];
          const rows = ids.length === 0 ? [] : await option.fetchByIds(ids, context);
          rows.forEach((row) => typeOfLoaded.set(row, option.type));
          return rows;
        }),
      );
      return loaded.flat();
    },
    typeOf: (record) => (typeof record === 'object' && record !== null ? typeOfLoaded.get(record) : undefined) ?? type,
  };
}
