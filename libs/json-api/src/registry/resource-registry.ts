import type { RelationshipObject, ResourceIdentifier, ResourceObject } from '../model/json-api-document';
import type { Linkage, RelationshipDefinition, ResourceDefinition } from './resource-definition';

function isIdentifier(linkage: Linkage): linkage is ResourceIdentifier {
  return typeof linkage === 'object' && linkage !== null && !Array.isArray(linkage);
}

/**
 * The resource types an API serves. Serializers and the include allowlist both come from
 * here, so a relationship cannot be includable without a batch loader.
 */
export class ResourceRegistry<TContext> {
  private readonly definitions = new Map<string, ResourceDefinition<unknown, TContext>>();
  /** A definition's relationships as entries, made once per relationships object (addRelationship replaces it), not per record serialized. */
  private readonly entries = new WeakMap<object, ReadonlyArray<[string, RelationshipDefinition<unknown, TContext>]>>();

  register<TRecord>(definition: ResourceDefinition<TRecord, TContext>): this {
    if (this.definitions.has(definition.type)) {
      throw new Error(`JSON:API resource type "${definition.type}" is registered twice`);
    }
    this.definitions.set(definition.type, definition);
    return this;
  }

  /**
   * Adds a relationship to a type registered by someone else (a feature that annotates other
   * resources, e.g. custom fields on shipments); a name already taken is a programming error.
   */
  addRelationship<TRecord>(type: string, name: string, relationship: RelationshipDefinition<TRecord, TContext>): this {
    const definition = this.definition(type);
    if (definition.relationships && Object.prototype.hasOwnProperty.call(definition.relationships, name)) {
      throw new Error(`JSON:API relationship "${name}" of "${type}" is defined twice`);
    }
    definition.relationships = { ...(definition.relationships ?? {}), [name]: relationship };
    return this;
  }

  /** Runs the `prefetch` of every relationship of `type` over one batch of its records. */
  async prefetch(type: string, records: readonly unknown[], context: TContext): Promise<void> {
    if (records.length === 0) return;
    const relationships = Object.values(this.definition(type).relationships ?? {});
    await Promise.all(relationships.map(async (relationship) => relationship.prefetch?.(records, context)));
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  definition(type: string): ResourceDefinition<unknown, TContext> {
    const definition = this.definitions.get(type);
    if (!definition) throw new Error(`JSON:API resource type "${type}" is not registered`);
    return definition;
  }

  /** Relationship names of `type` that `include` may name, sorted for error messages. */
  includable(type: string): string[] {
    return Object.entries(this.definition(type).relationships ?? {})
      .filter(([, relationship]) => relationship.load !== undefined && this.has(relationship.type))
      .map(([name]) => name)
      .sort();
  }

  relationship(type: string, name: string): RelationshipDefinition<unknown, TContext> | undefined {
    const relationships = this.definition(type).relationships ?? {};
    return Object.prototype.hasOwnProperty.call(relationships, name) ? relationships[name] : undefined;
  }

  private relationshipsOf(
    definition: ResourceDefinition<unknown, TContext>,
  ): ReadonlyArray<[string, RelationshipDefinition<unknown, TContext>]> {
    const relationships = definition.relationships;
    if (relationships === undefined) return [];
    let entries = this.entries.get(relationships);
    if (entries === undefined) {
      entries = Object.entries(relationships);
      this.entries.set(relationships, entries);
    }
    return entries;
  }

  serialize(type: string, record: unknown): ResourceObject {
    const definition = this.definition(type);
    const resource: ResourceObject = { id: definition.id(record), type, attributes: definition.attributes(record) };
    let relationships: Record<string, RelationshipObject> | undefined;
    for (const [name, relationship] of this.relationshipsOf(definition)) {
      const linkage = relationship.linkage(record);
      if (linkage === undefined) continue;
      relationships ??= {};
      relationships[name] = {
        data:
          linkage === null
            ? null
            : typeof linkage === 'string'
              ? { id: linkage, type: relationship.type }
              : isIdentifier(linkage)
                ? { id: linkage.id, type: linkage.type }
                : linkage.map((id) => ({ id, type: relationship.type })),
      };
    }
    if (relationships !== undefined) resource.relationships = relationships;
    if (definition.selfLink) resource.links = { self: definition.selfLink(record) };
    return resource;
  }
}
