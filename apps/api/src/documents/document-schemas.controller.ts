import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { findDocumentSchema, notFound } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { DOCUMENT_SCHEMA_TYPE } from './document-schema.resource';
import { DOCUMENT_SCHEMA_SCHEMA } from './document.schema';
import { DOCUMENT_SCHEMA_EXAMPLE } from './document.examples';

/** The JSON Schema of each document type's extracted fields (docs/documents.md "Schemas"). */
@ApiTags('Documents')
@Controller('document_schemas')
export class DocumentSchemasController {
  constructor(private readonly presenter: JsonApiPresenter) {}

  @Get(':id')
  @ApiOperation({ summary: 'Get a document schema' })
  @ApiParam({ name: 'id', description: 'Full version id, e.g. bill_of_lading@2026-11-01.' })
  @ApiOkResponse({ schema: singleDocument(DOCUMENT_SCHEMA_SCHEMA), example: DOCUMENT_SCHEMA_EXAMPLE })
  @ApiResponse({ status: 404, description: 'No such schema.', schema: ERROR_DOCUMENT })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    const schema = findDocumentSchema(id);
    if (schema === null) throw notFound('document_schema', id);
    return this.presenter.one(DOCUMENT_SCHEMA_TYPE, schema, account);
  }
}
