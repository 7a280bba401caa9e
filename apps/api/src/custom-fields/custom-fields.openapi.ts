import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import { CUSTOM_FIELD_DEFINITION_SCHEMA, CUSTOM_FIELD_SCHEMA, CUSTOM_FIELD_VALUE_BODY } from './custom-field.schema';
import { DELETED_EXAMPLE, customFieldExample, customFieldListExample, entityCustomFieldsPath } from './custom-field.examples';

const ownership = (what: string): MethodDecorator[] => [
  ApiResponse({ status: 401, description: `The ${what} belongs to another account.`, schema: ERROR_DOCUMENT }),
  ApiResponse({ status: 404, description: `No such ${what}.`, schema: ERROR_DOCUMENT }),
];

/** 401/404 of a record named in the path. */
export const Owned = (what: string): MethodDecorator => applyDecorators(...ownership(what));

export const VALUE_422 = ApiResponse({
  status: 422,
  description:
    'The value does not fit the definition (the error names the field in `detail` and `meta.api_slug`), or the `api_slug` is not defined for this entity type.',
  schema: ERROR_DOCUMENT,
});

/** The reference answers these deletes with 200 and no data: the body is `{meta: {deleted: true}}`. */
export const Deleted = (): MethodDecorator =>
  ApiResponse({
    status: 200,
    description: 'Deleted.',
    schema: { type: 'object', properties: { meta: { type: 'object' } } },
    example: DELETED_EXAMPLE,
  });

const VALUE_DOCUMENT = singleDocument(CUSTOM_FIELD_SCHEMA, [CUSTOM_FIELD_DEFINITION_SCHEMA]);

/** Swagger decorators of `/v2/{entities}/{id}/custom_fields[/{api_slug}]` for one entity (`shipment`, `container`, `tracking request`). */
export const EntityCustomFieldDocs = {
  list: (entity: string, param: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({
        summary: `List ${entity} custom fields`,
        description: `Every custom field value of the ${entity}, oldest first. \`include=definition\` adds the definitions.`,
      }),
      ApiParam({ name: param, description: `${entity} id (uuid)` }),
      ApiOkResponse({
        schema: listDocument(CUSTOM_FIELD_SCHEMA, [CUSTOM_FIELD_DEFINITION_SCHEMA]),
        example: customFieldListExample(entity, entityCustomFieldsPath(entity)),
      }),
      ...ownership(entity),
    ),
  create: (entity: string, param: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({
        summary: `Create a ${entity} custom field`,
        description: `Sets the value of the field \`api_slug\` (defined for this entity type) on the ${entity}. 409 when it already has one.`,
      }),
      ApiParam({ name: param, description: `${entity} id (uuid)` }),
      ApiBody(
        CUSTOM_FIELD_VALUE_BODY(`Set the ${entity}’s customer reference`, {
          data: { type: 'custom_field', attributes: { api_slug: 'customer_reference_number', value: 'ABC124' } },
        }),
      ),
      ApiCreatedResponse({ schema: VALUE_DOCUMENT, example: customFieldExample(entity) }),
      ...ownership(entity),
      ApiResponse({ status: 409, description: 'The value is already set (`meta.custom_field_id`); PATCH it.', schema: ERROR_DOCUMENT }),
      VALUE_422,
    ),
  update: (entity: string, param: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({ summary: `Update a ${entity} custom field` }),
      ApiParam({ name: param, description: `${entity} id (uuid)` }),
      ApiParam({ name: 'api_slug', description: 'Custom field api_slug' }),
      ApiBody(CUSTOM_FIELD_VALUE_BODY('Correct the value', { data: { type: 'custom_field', attributes: { value: 'ABC125' } } })),
      ApiOkResponse({ schema: VALUE_DOCUMENT, example: customFieldExample(entity, 'ABC125') }),
      ...ownership(entity),
      VALUE_422,
    ),
  remove: (entity: string, param: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({ summary: `Delete a ${entity} custom field` }),
      ApiParam({ name: param, description: `${entity} id (uuid)` }),
      ApiParam({ name: 'api_slug', description: 'Custom field api_slug' }),
      ApiResponse({ status: 204, description: 'Removed.' }),
      ...ownership(entity),
    ),
};
