import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** OpenAPI pieces of JSON:API documents shared by the container, transport event and party endpoints. */

export const NULLABLE_DATE_TIME: SchemaObject = { type: 'string', format: 'date-time', nullable: true };
export const NULLABLE_STRING: SchemaObject = { type: 'string', nullable: true };

export const LINKS_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'Pagination links (URI strings); `prev`/`next` are absent at the ends.',
  properties: Object.fromEntries(['first', 'prev', 'self', 'next', 'last'].map((name) => [name, { type: 'string', format: 'uri' }])),
};

export const META_SCHEMA: SchemaObject = {
  type: 'object',
  properties: { size: { type: 'integer', description: 'Page size used' }, total: { type: 'integer', description: 'Matching records in all' } },
};

/** `{data: {id, type}}`, or `{data: null}` when `nullable`. */
export function toOne(type: string, nullable = true): SchemaObject {
  return {
    type: 'object',
    properties: {
      data: { type: 'object', nullable, properties: { id: { type: 'string', format: 'uuid' }, type: { type: 'string', enum: [type] } } },
    },
  };
}

export function toMany(type: string): SchemaObject {
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, type: { type: 'string', enum: [type] } } } },
    },
  };
}

/** A resource object of `type` with these attributes and relationships. */
export function resourceSchema(type: string, attributes: Record<string, SchemaObject>, relationships: Record<string, SchemaObject> = {}): SchemaObject {
  return {
    type: 'object',
    required: ['id', 'type', 'attributes'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { type: 'string', enum: [type] },
      attributes: { type: 'object', properties: attributes },
      ...(Object.keys(relationships).length > 0 ? { relationships: { type: 'object', properties: relationships } } : {}),
      links: { type: 'object', properties: { self: { type: 'string' } } },
    },
  };
}

/** `{data: resource, included?}` */
export function singleDocument(resource: SchemaObject, included?: string): SchemaObject {
  return {
    type: 'object',
    properties: {
      data: resource,
      ...(included ? { included: { type: 'array', description: included, items: { type: 'object' } } } : {}),
    },
  };
}

/** `{data: [resource], included?, links, meta}` */
export function listDocument(resource: SchemaObject, included?: string): SchemaObject {
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: resource },
      ...(included ? { included: { type: 'array', description: included, items: { type: 'object' } } } : {}),
      links: LINKS_SCHEMA,
      meta: META_SCHEMA,
    },
  };
}

export const ERROR_DOCUMENT: SchemaObject = {
  type: 'object',
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          status: { type: 'string' },
          title: { type: 'string', nullable: true },
          detail: { type: 'string', nullable: true },
          code: { type: 'string', nullable: true },
          source: { type: 'object', nullable: true, properties: { pointer: NULLABLE_STRING, parameter: NULLABLE_STRING } },
          meta: { type: 'object', nullable: true },
        },
      },
    },
  },
};
