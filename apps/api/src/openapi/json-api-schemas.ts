import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * OpenAPI pieces of JSON:API documents, for every resource endpoint: the envelopes
 * (`data`, `included`, `links`, `meta`, `errors`), relationships and request bodies around
 * the schema of one resource, so all endpoints describe them the same way.
 */

export type Schema = SchemaObject;

export const NULLABLE_DATE_TIME: Schema = { type: 'string', format: 'date-time', nullable: true };
export const NULLABLE_STRING: Schema = { type: 'string', nullable: true };

export const nullableString = (description?: string, format?: string): Schema => ({
  type: 'string',
  nullable: true,
  ...(format ? { format } : {}),
  ...(description ? { description } : {}),
});
export const instant = (description?: string): Schema => nullableString(description ?? 'UTC, ISO 8601', 'date-time');
export const timeZone = (description?: string): Schema => nullableString(description ?? 'IANA time zone');
export const stringList = (description?: string): Schema => ({
  type: 'array',
  items: { type: 'string' },
  ...(description ? { description } : {}),
});

export const LINKS_SCHEMA: Schema = {
  type: 'object',
  description: 'Pagination links (URI strings); `prev`/`next` are absent at the ends.',
  properties: Object.fromEntries(['first', 'prev', 'self', 'next', 'last'].map((name) => [name, { type: 'string', format: 'uri' }])),
};

export const META_SCHEMA: Schema = {
  type: 'object',
  properties: {
    size: { type: 'integer', description: 'Page size used' },
    total: { type: 'integer', description: 'Matching records in all' },
  },
};

function identifier(types: string | readonly string[]): Schema {
  return {
    type: 'object',
    required: ['id', 'type'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { type: 'string', enum: typeof types === 'string' ? [types] : [...types] },
    },
  };
}

/** `{data: {id, type}}`, or `{data: null}` when `nullable`; `types` lists what the type may be. */
export function toOne(types: string | readonly string[], nullable = true): Schema {
  return { type: 'object', properties: { data: { ...identifier(types), nullable } } };
}

/** `{data: [{id, type}]}` */
export function toMany(types: string | readonly string[]): Schema {
  return { type: 'object', properties: { data: { type: 'array', items: identifier(types) } } };
}

/**
 * A resource object of `type`; `required` names the attributes always present. Resources
 * without a URL of their own pass `{selfLink: false}`.
 */
export function resourceSchema(
  type: string,
  attributes: Record<string, Schema>,
  relationships: Record<string, Schema> = {},
  required: readonly string[] = [],
  options: { selfLink?: boolean } = {},
): Schema {
  return {
    type: 'object',
    required: ['id', 'type', 'attributes'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { type: 'string', enum: [type] },
      attributes: { type: 'object', ...(required.length > 0 ? { required: [...required] } : {}), properties: attributes },
      ...(Object.keys(relationships).length > 0 ? { relationships: { type: 'object', properties: relationships } } : {}),
      ...(options.selfLink === false ? {} : { links: { type: 'object', properties: { self: { type: 'string' } } } }),
    },
  };
}

/**
 * What `included` may hold: the schemas of the resources named in `include`, or, where
 * they vary, a description of them.
 */
export type IncludedSchema = string | readonly Schema[];

function includedProperty(included: IncludedSchema | undefined): Record<string, Schema> {
  if (included === undefined || included.length === 0) return {};
  if (typeof included === 'string') return { included: { type: 'array', description: included, items: { type: 'object' } } };
  return { included: { type: 'array', items: { anyOf: [...included] } } };
}

/** `{data: resource, included?}` */
export function singleDocument(resource: Schema, included?: IncludedSchema): Schema {
  return { type: 'object', required: ['data'], properties: { data: resource, ...includedProperty(included) } };
}

/** A page (or a whole small list) of resources: `{data: [resource], included?, links, meta}` */
export function listDocument(resource: Schema, included?: IncludedSchema): Schema {
  return {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: resource }, ...includedProperty(included), links: LINKS_SCHEMA, meta: META_SCHEMA },
  };
}

/** `{errors: [...]}` of docs/json-api.md. */
export const ERROR_DOCUMENT: Schema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          status: { type: 'string' },
          title: NULLABLE_STRING,
          detail: NULLABLE_STRING,
          code: NULLABLE_STRING,
          source: { type: 'object', nullable: true, properties: { pointer: NULLABLE_STRING, parameter: NULLABLE_STRING } },
          meta: { type: 'object', nullable: true },
        },
      },
    },
  },
};

/** A request document `{data: {type, attributes}}` whose attributes are a registered DTO schema (`#/components/schemas/...`). */
export function requestDocument(type: string, attributesRef: string, relationships?: Record<string, Schema>): Schema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['type', 'attributes'],
        properties: {
          type: { type: 'string', enum: [type] },
          attributes: { $ref: attributesRef },
          ...(relationships ? { relationships: { type: 'object', properties: relationships } } : {}),
        },
      },
    },
  };
}
