import type { SchemaObject } from '@nestjs/swagger';

/** OpenAPI pieces shared by the resource endpoints: JSON:API envelopes around a resource schema. */

export type Schema = SchemaObject;

export const nullableString = (description?: string, format?: string): Schema => ({ type: 'string', nullable: true, ...(format ? { format } : {}), ...(description ? { description } : {}) });
export const instant = (description?: string): Schema => nullableString(description ?? 'UTC, ISO 8601', 'date-time');
export const timeZone = (description?: string): Schema => nullableString(description ?? 'IANA time zone');
export const stringList = (description?: string): Schema => ({ type: 'array', items: { type: 'string' }, ...(description ? { description } : {}) });

/** `{data: {id, type}}` (null allowed for to-one) or `{data: [{id, type}]}` for to-many. */
export function relationshipSchema(types: readonly string[], many = false): Schema {
  const identifier: Schema = { type: 'object', required: ['id', 'type'], properties: { id: { type: 'string', format: 'uuid' }, type: { type: 'string', enum: [...types] } } };
  return { type: 'object', properties: { data: many ? { type: 'array', items: identifier } : { ...identifier, nullable: true } } };
}

export function resourceSchema(type: string, attributes: Record<string, Schema>, relationships: Record<string, Schema> = {}, required: readonly string[] = []): Schema {
  return {
    type: 'object',
    required: ['id', 'type', 'attributes'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { type: 'string', enum: [type] },
      attributes: { type: 'object', ...(required.length > 0 ? { required: [...required] } : {}), properties: attributes },
      ...(Object.keys(relationships).length > 0 ? { relationships: { type: 'object', properties: relationships } } : {}),
      links: { type: 'object', properties: { self: { type: 'string' } } },
    },
  };
}

const linksSchema: Schema = {
  type: 'object',
  description: 'first, prev, self, next, last (prev/next absent at the ends)',
  properties: Object.fromEntries(['first', 'prev', 'self', 'next', 'last'].map((name) => [name, { type: 'string', format: 'uri' }])),
};
const metaSchema: Schema = { type: 'object', properties: { size: { type: 'integer' }, total: { type: 'integer' } } };

/** A one-resource document; `included` holds the resources named in `include`. */
export function singleDocument(resource: Schema, included: readonly Schema[] = []): Schema {
  return {
    type: 'object',
    required: ['data'],
    properties: { data: resource, ...(included.length > 0 ? { included: { type: 'array', items: { anyOf: [...included] } } } : {}) },
  };
}

/** A page (or a whole small list) of resources with `links` and `meta`. */
export function listDocument(resource: Schema, included: readonly Schema[] = []): Schema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'array', items: resource },
      ...(included.length > 0 ? { included: { type: 'array', items: { anyOf: [...included] } } } : {}),
      links: linksSchema,
      meta: metaSchema,
    },
  };
}

/** `{errors: [...]}` of specification 7. */
export const errorsDocument: Schema = {
  type: 'object',
  required: ['errors'],
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
          source: { type: 'object', nullable: true, properties: { pointer: nullableString(), parameter: nullableString() } },
          meta: { type: 'object', nullable: true },
        },
      },
    },
  },
};

/** A request document `{data: {type, attributes}}` whose attributes are a registered DTO schema. */
export function requestDocument(type: string, attributesRef: string): Schema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'object', required: ['type', 'attributes'], properties: { type: { type: 'string', enum: [type] }, attributes: { $ref: attributesRef } } },
    },
  };
}
