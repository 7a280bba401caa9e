import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import { PartyRoleAttributes } from './dto/party-role-attributes.dto';
import { PARTY_ROLE_BODY, PARTY_ROLE_SCHEMA, PARTY_SCHEMA } from './party.schema';
import { partyRoleBodyExample, partyRoleExample, partyRoleListExample } from './party.examples';

// `included`: the linked parties, one per role.
const LIST = listDocument(PARTY_ROLE_SCHEMA, [PARTY_SCHEMA]);
const ONE = singleDocument(PARTY_ROLE_SCHEMA, [PARTY_SCHEMA]);

const ownership = (owner: string): MethodDecorator[] => [
  ApiResponse({ status: 401, description: `The ${owner} belongs to another account.`, schema: ERROR_DOCUMENT }),
  ApiResponse({ status: 404, description: `No such ${owner}.`, schema: ERROR_DOCUMENT }),
];

/** Swagger decorators of the party role routes of `owner` (`container` or `shipment`). */
export const PartyRoleDocs = {
  tags: (): ClassDecorator => applyDecorators(ApiTags('Party roles'), ApiExtraModels(PartyRoleAttributes)),
  list: (owner: string, summary: string, description: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({ summary, description }),
      ApiParam({ name: 'id', description: `${owner} id (uuid)` }),
      ApiOkResponse({ schema: LIST, example: partyRoleListExample(owner) }),
      ...ownership(owner),
    ),
  create: (owner: string, description: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({ summary: `Link a party to a ${owner}`, description }),
      ApiParam({ name: 'id', description: `${owner} id (uuid)` }),
      ApiBody({ schema: PARTY_ROLE_BODY, examples: partyRoleBodyExample(owner) }),
      ApiCreatedResponse({ schema: ONE, example: partyRoleExample(owner) }),
      ...ownership(owner),
      ApiResponse({ status: 409, description: 'The party already has this role here (`meta.party_role_id`).', schema: ERROR_DOCUMENT }),
      ApiResponse({
        status: 422,
        description: 'A role not allowed here, or a party that is missing or not yours (`source.pointer`).',
        schema: ERROR_DOCUMENT,
      }),
    ),
  remove: (owner: string): MethodDecorator =>
    applyDecorators(
      ApiOperation({ summary: `Unlink a party from a ${owner}` }),
      ApiParam({ name: 'id', description: `${owner} id (uuid)` }),
      ApiParam({ name: 'role_id', description: 'Party role id (uuid)' }),
      ApiResponse({ status: 204, description: 'Removed.' }),
      ...ownership(owner),
    ),
};
