import type { ResourceIdentifier } from '../model/json-api-document';

/**
 * What a relationship knows about its related resources from the parent record alone.
 * `undefined` leaves the relationship out of the resource object; `null` is an empty to-one.
 * A `{id, type}` is a to-one whose type varies by record (a polymorphic relationship).
 */
export type Linkage = string | null | readonly string[] | ResourceIdentifier | undefined;

export interface RelationshipDefinition<TRecord, TContext> {
  /** JSON:API type of the related resource(s); must be registered to be includable. */
  type: string;
  linkage(record: TRecord): Linkage;
  /**
   * Loads the related records of every given parent in ONE query (never one per parent).
   * A relationship with a loader may be named in `include`; one without may not.
   */
  load?(parents: readonly TRecord[], context: TContext): Promise<readonly unknown[]>;
  /**
   * For a linkage the parent record does not carry: called once with every record of a level of
   * the document (primary data, then each included batch) before they are serialized, so
   * `linkage` can answer from what it fetched. One query for the batch, never one per record.
   */
  prefetch?(records: readonly TRecord[], context: TContext): Promise<void>;
  /** For a polymorphic relationship: the type of one record `load` returned (else `type`). */
  typeOf?(loaded: unknown): string;
}

/** How one resource type turns a domain record into a JSON:API resource object. */
export interface ResourceDefinition<TRecord, TContext> {
  type: string;
  id(record: TRecord): string;
  attributes(record: TRecord): Record<string, unknown>;
  relationships?: Record<string, RelationshipDefinition<TRecord, TContext>>;
  selfLink?(record: TRecord): string;
}
