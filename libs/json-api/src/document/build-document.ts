import type { IncludeTree } from '../include/include-tree';
import type { ResourceRegistry } from '../registry/resource-registry';
import type { DocumentLinks, DocumentMeta, JsonApiDocument, ResourceObject } from '../model/json-api-document';

export interface BuildDocumentOptions<TContext> {
  /** JSON:API type of the primary data. */
  type: string;
  /** One record, a page of records, or null for an empty to-one. */
  data: unknown;
  /** Validated include tree (see `parseInclude`); `included` is present whenever it names something. */
  include?: IncludeTree;
  /** Passed to every loader, e.g. the caller's account so includes stay inside the tenant. */
  context: TContext;
  links?: DocumentLinks;
  meta?: DocumentMeta;
}

/**
 * Serializes primary data and side-loads `include` level by level: each relationship of the
 * tree is loaded once for all parents at that level, so a page of 100 costs one query per
 * relationship, not one per row. A resource appears once, in `data` or in `included`.
 */
export async function buildDocument<TContext>(
  registry: ResourceRegistry<TContext>,
  options: BuildDocumentOptions<TContext>,
): Promise<JsonApiDocument> {
  const records: readonly unknown[] = Array.isArray(options.data)
    ? (options.data as readonly unknown[])
    : options.data === null || options.data === undefined
      ? []
      : [options.data];
  await registry.prefetch(options.type, records, options.context);
  const primary = records.map((record) => registry.serialize(options.type, record));
  const document: JsonApiDocument = {
    data: Array.isArray(options.data) ? primary : (primary[0] ?? null),
  };
  if (options.include && options.include.size > 0) {
    const seen = new Set(primary.map(identityKey));
    const included: ResourceObject[] = [];
    await includeLevel(registry, options.type, records, options.include, options.context, seen, included);
    document.included = included;
  }
  if (options.links) document.links = options.links;
  if (options.meta) document.meta = options.meta;
  return document;
}

async function includeLevel<TContext>(
  registry: ResourceRegistry<TContext>,
  type: string,
  parents: readonly unknown[],
  tree: IncludeTree,
  context: TContext,
  seen: Set<string>,
  included: ResourceObject[],
): Promise<void> {
  if (parents.length === 0) return;
  await Promise.all(
    [...tree].map(async ([name, subtree]) => {
      const relationship = registry.relationship(type, name);
      if (!relationship?.load) throw new Error(`"${name}" of "${type}" is not includable; validate include first`);
      const loaded = await relationship.load(parents, context);
      // A polymorphic relationship loads records of several types: each type is a batch of its own.
      const byType = new Map<string, unknown[]>();
      for (const record of loaded) {
        const childType = relationship.typeOf?.(record) ?? relationship.type;
        const batch = byType.get(childType);
        if (batch === undefined) byType.set(childType, [record]);
        else batch.push(record);
      }
      await Promise.all(
        [...byType].map(async ([childType, records]) => {
          await registry.prefetch(childType, records, context);
          const children: unknown[] = [];
          const childKeys = new Set<string>();
          for (const record of records) {
            const resource = registry.serialize(childType, record);
            const key = identityKey(resource);
            if (childKeys.has(key)) continue;
            childKeys.add(key);
            children.push(record);
            if (!seen.has(key)) {
              seen.add(key);
              included.push(resource);
            }
          }
          await includeLevel(
            registry,
            childType,
            children,
            childType === relationship.type ? subtree : includableOf(registry, childType, subtree),
            context,
            seen,
            included,
          );
        }),
      );
    }),
  );
}

/** The part of `tree` another type of a polymorphic relationship can include (paths are checked against its main type). */
function includableOf<TContext>(registry: ResourceRegistry<TContext>, type: string, tree: IncludeTree): IncludeTree {
  const allowed = new Set(registry.includable(type));
  return new Map([...tree].filter(([name]) => allowed.has(name)));
}

function identityKey(resource: { id: string; type: string }): string {
  return `${resource.type}\u0000${resource.id}`;
}
