/** A reference to a resource: what `relationships.<name>.data` and linkage carry. */
export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface RelationshipObject {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, RelationshipObject>;
  links?: { self: string };
}

/** All values are URI references (docs/containers.md); absent members mean "no such page". */
export interface DocumentLinks {
  first?: string;
  prev?: string;
  self?: string;
  next?: string;
  last?: string;
}

/** `size` is the page size used, `total` the number of matching records (docs/containers.md). */
export interface DocumentMeta {
  size: number;
  total: number;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  links?: DocumentLinks;
  meta?: DocumentMeta;
}

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';
