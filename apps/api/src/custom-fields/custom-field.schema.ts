import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_ENTITY_TYPES, CUSTOM_FIELD_REFERENCE_TYPES } from '@quayside/domain';
import { CUSTOM_FIELD_VALUE_SCHEMA } from './dto/custom-field-value.schema';
import { NULLABLE_STRING, requestDocument, resourceSchema, toOne } from '../openapi/json-api-schemas';

export { CUSTOM_FIELD_VALUE_SCHEMA };

export const CUSTOM_FIELD_DEFINITION_SCHEMA: SchemaObject = resourceSchema(
  'custom_field_definition',
  {
    entity_type: { type: 'string', enum: [...CUSTOM_FIELD_ENTITY_TYPES] },
    api_slug: { type: 'string' },
    display_name: { type: 'string' },
    description: NULLABLE_STRING,
    data_type: { type: 'string', enum: [...CUSTOM_FIELD_DATA_TYPES] },
    reference_type: { type: 'string', enum: [...CUSTOM_FIELD_REFERENCE_TYPES], nullable: true },
    validation: { type: 'object', nullable: true, additionalProperties: true },
    default_format: NULLABLE_STRING,
    default_value: CUSTOM_FIELD_VALUE_SCHEMA,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  {},
  ['entity_type', 'api_slug', 'display_name', 'data_type'],
);

export const CUSTOM_FIELD_OPTION_SCHEMA: SchemaObject = resourceSchema(
  'custom_field_option',
  {
    label: { type: 'string' },
    value: { type: 'string' },
    position: { type: 'integer', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  {},
  ['label', 'value'],
);

export const CUSTOM_FIELD_SCHEMA: SchemaObject = resourceSchema(
  'custom_field',
  {
    api_slug: { type: 'string' },
    value: CUSTOM_FIELD_VALUE_SCHEMA,
    display_value: { type: 'string', nullable: true, description: 'The value as shown: option labels, Yes/No.' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  { entity: toOne(['shipment', 'container', 'tracking_request'], false), definition: toOne('custom_field_definition', false) },
  ['api_slug'],
);

/**
 * A request body's schema with its example beside it, as the media type's named `examples`
 * (what /docs shows and clients copy; a schema-level `example` is not shown as one).
 */
export interface BodyWithExample {
  schema: SchemaObject;
  examples: Record<string, { summary: string; value: unknown }>;
}

const withExample = (schema: SchemaObject, summary: string, value: unknown): BodyWithExample => ({
  schema,
  examples: {
    [summary
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')]: { summary, value },
  },
});

export const DEFINITION_BODY = (attributes: string, summary: string, example: unknown): BodyWithExample =>
  withExample(requestDocument('custom_field_definition', `#/components/schemas/${attributes}`), summary, example);

export const OPTION_BODY = (attributes: string, summary: string, example: unknown): BodyWithExample =>
  withExample(requestDocument('custom_field_option', `#/components/schemas/${attributes}`), summary, example);

/** `POST /v2/custom_fields`: the value and the record it is on. */
export const CUSTOM_FIELD_CREATE_BODY: BodyWithExample = withExample(
  {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['type', 'attributes', 'relationships'],
        properties: {
          type: { type: 'string', enum: ['custom_field'] },
          attributes: { $ref: '#/components/schemas/CustomFieldValueAttributes' },
          relationships: {
            type: 'object',
            required: ['entity'],
            properties: { entity: toOne(['shipment', 'container', 'tracking_request'], false) },
          },
        },
      },
    },
  },
  'A shipment’s customer reference',
  {
    data: {
      type: 'custom_field',
      attributes: { api_slug: 'customer_reference_number', value: 'ABC124' },
      relationships: { entity: { data: { type: 'shipment', id: 'b1c2d3e4-0000-4000-8000-000000000001' } } },
    },
  },
);

export const CUSTOM_FIELD_VALUE_BODY = (summary: string, example: unknown): BodyWithExample =>
  withExample(requestDocument('custom_field', '#/components/schemas/CustomFieldValueAttributes'), summary, example);
