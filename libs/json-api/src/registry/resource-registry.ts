import type { RelationshipObject, ResourceObject } from '../model/json-api-document';
import type { RelationshipDefinition, ResourceDefinition } from './resource-definition';

/**
 * The resource types an API serves. Serializers and the include allowlist both come from
 * here, so a relationship cannot be includable without a batch loader.
 */
export class ResourceRegistry<TContext> {
  private readonly definitions = new Map<string, ResourceDefinition<unknown, TContext>>();

  register<TRecord>(definition: ResourceDefinition<TRecord, TContext>): this {
    if (this.definitions.has(definition.type)) {
      throw new Error(`JSON:API resource type "${definition.type}" is registered twice`);
    }
    this.definitions.set(definition.type, definition);
    return this;
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

  serialize(type: string, record: unknown): ResourceObject {
    const definition = this.definition(type);
    const resource: ResourceObject = { id: definition.id(record), type, attributes: definition.attributes(record) };
    const relationships: Record<string, RelationshipObject> = {};
    for (const [name, relationship] of Object.entries(definition.relationships ?? {})) {
      const linkage = relationship.linkage(record);
      if (linkage === undefined) continue;
      relationships[name] = {
        data:
          linkage === null
            ? null
            : typeof linkage === 'string'
              ? { id: linkage, type: relationship.type }
              : linkage.map((id) => ({ id, type: relationship.type })),
      };
    }
    if (Object.keys(relationships).length > 0) resource.relationships = relationships;
    if (definition.selfLink) resource.links = { self: definition.selfLink(record) };
    return resource;
  }
}
