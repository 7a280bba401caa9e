import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DocumentSort } from '@quayside/data-access';
import { badRequest, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, DomainError, ROTATION_DEGREES } from '@quayside/domain';
import type { DocumentType, RotationDegrees } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { searchParameter } from '../common/query-parameters';
import type { Query } from '../common/query-parameters';
import { ERROR_DOCUMENT, listDocument, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { DOCUMENT_TYPE } from './document.resource';
import { ACCEPTED_SCHEMA, DOCUMENT_INCLUDED, DOCUMENT_SCHEMA } from './document.schema';
import {
  ACCEPTED_EXAMPLE,
  DOCUMENT_EXAMPLE,
  DOCUMENT_LIST_EXAMPLE,
  DOCUMENT_TYPES_EXAMPLE,
  DOWNLOAD_URL_EXAMPLE,
  ROTATE_BODY_EXAMPLE,
  UPDATE_DOCUMENT_BODY_EXAMPLE,
  UPDATED_DOCUMENT_EXAMPLE,
} from './document.examples';
import { DocumentsService } from './documents.service';
import { RotateDocumentBody } from './dto/rotate-document.dto';
import { UpdateDocumentAttributes } from './dto/update-document.dto';

const INCLUDE_DESCRIPTION = 'Comma-separated: last_document_representation, current_extraction (its alias), email_submission.';
const NOT_FOUND = { status: 404, description: 'No such document.', schema: ERROR_DOCUMENT } as const;
const FOREIGN = { status: 401, description: 'The document belongs to another account.', schema: ERROR_DOCUMENT } as const;

function sortOf(query: Query): DocumentSort | null {
  const value = searchParameter(query, 'sort');
  if (value === undefined) return null;
  const column = value.replace(/^-/, '');
  if (column !== 'document_type' && column !== 'created_at')
    throw badRequest('sort must be document_type or created_at, optionally prefixed with -.', { parameter: 'sort' });
  return { column, descending: value.startsWith('-') };
}

function documentTypesOf(query: Query): DocumentType[] | undefined {
  const value = searchParameter(query, 'filter[document_types]');
  if (value === undefined) return undefined;
  const types = value.split(',').map((entry) => entry.trim());
  const unknown = types.find((type) => !(DOCUMENT_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined)
    throw badRequest(`filter[document_types] has an unknown type ${unknown}; known: ${DOCUMENT_TYPES.join(', ')}.`, {
      parameter: 'filter[document_types]',
    });
  return types as DocumentType[];
}

/** `include=current_extraction` is the established API's alias of `last_document_representation`. */
function withIncludeAlias(request: FastifyRequest): FastifyRequest {
  const query = request.query as Record<string, unknown>;
  if (typeof query['include'] === 'string')
    query['include'] = query['include'].replace(/\bcurrent_extraction\b/g, 'last_document_representation');
  return request;
}

@ApiTags('Documents')
@ApiExtraModels(UpdateDocumentAttributes, RotateDocumentBody)
@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List documents', description: 'Oldest first unless `sort` says otherwise.' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_DESCRIPTION })
  @ApiQuery({ name: 'sort', required: false, description: 'document_type or created_at; prefix - for descending.' })
  @ApiQuery({ name: 'filter[filename]', required: false, description: 'File name or name contains this.' })
  @ApiQuery({ name: 'filter[reference]', required: false, description: 'A linked shipment or container id.' })
  @ApiQuery({ name: 'filter[document_types]', required: false, description: 'Comma-separated document types.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(DOCUMENT_SCHEMA, DOCUMENT_INCLUDED), example: DOCUMENT_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const query = request.query as Query;
    const include = this.presenter.include(DOCUMENT_TYPE, withIncludeAlias(request));
    const page = this.presenter.page(request);
    const fileName = searchParameter(query, 'filter[filename]');
    const reference = searchParameter(query, 'filter[reference]');
    const documentTypes = documentTypesOf(query);
    const filters = { ...(fileName ? { fileName } : {}), ...(reference ? { reference } : {}), ...(documentTypes ? { documentTypes } : {}) };
    return this.presenter.paginated(
      DOCUMENT_TYPE,
      await this.documents.list(account, filters, sortOf(query), page),
      page,
      request,
      account,
      include,
    );
  }

  @Get('types')
  @ApiOperation({ summary: 'List document types' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        document_types: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, label: { type: 'string' } } } },
      },
    },
    example: DOCUMENT_TYPES_EXAMPLE,
  })
  types(): { document_types: { code: DocumentType; label: string }[] } {
    return { document_types: DOCUMENT_TYPES.map((code) => ({ code, label: DOCUMENT_TYPE_LABELS[code] })) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a document' })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_DESCRIPTION })
  @ApiOkResponse({ schema: singleDocument(DOCUMENT_SCHEMA, DOCUMENT_INCLUDED), example: DOCUMENT_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(DOCUMENT_TYPE, withIncludeAlias(request));
    return this.presenter.one(DOCUMENT_TYPE, await this.documents.get(account, id), account, include);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Edit a document',
    description: '`document_type_manual` overrides the classified type; `extracted_data_manual` holds values set by hand.',
  })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiBody({ schema: requestDocument('document', '#/components/schemas/UpdateDocumentAttributes'), examples: UPDATE_DOCUMENT_BODY_EXAMPLE })
  @ApiOkResponse({ schema: singleDocument(DOCUMENT_SCHEMA), example: UPDATED_DOCUMENT_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 422, description: 'Invalid attributes.', schema: ERROR_DOCUMENT })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(DOCUMENT_TYPE, UpdateDocumentAttributes)) body: JsonApiInput<UpdateDocumentAttributes>,
  ): Promise<JsonApiDocument> {
    return this.presenter.one(DOCUMENT_TYPE, await this.documents.update(account, id, body.attributes), account);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a document', description: 'Its stored file is deleted too.' })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiResponse({ status: 204, description: 'Deleted.' })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async remove(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<void> {
    await this.documents.remove(account, id);
  }

  @Get(':id/download_url')
  @ApiOperation({
    summary: 'Get a document download URL',
    description: 'A signed URL that needs no API key and expires after DOCUMENT_URL_TTL_SECONDS.',
  })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiOkResponse({
    schema: { type: 'object', required: ['download_url'], properties: { download_url: { type: 'string', format: 'uri' } } },
    example: DOWNLOAD_URL_EXAMPLE,
  })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async downloadUrl(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ download_url: string }> {
    return { download_url: await this.documents.downloadUrl(account, id) };
  }

  @Post(':id/reextract')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Re-extract a document',
    description: 'The tracker-worker reads the file again; `extraction_status` is `pending` until it has, then `extracted` or `failed`.',
  })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiResponse({ status: 202, description: 'Extraction will run again.', schema: ACCEPTED_SCHEMA, example: ACCEPTED_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async reextract(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ status: 'accepted' }> {
    await this.documents.requestExtraction(account, id);
    return { status: 'accepted' };
  }

  @Post(':id/reclassify')
  @HttpCode(202)
  @ApiOperation({ summary: 'Re-classify a document', description: 'Runs the whole extraction again (classification is part of it).' })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiResponse({ status: 202, description: 'Classification will run again.', schema: ACCEPTED_SCHEMA, example: ACCEPTED_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async reclassify(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ status: 'accepted' }> {
    await this.documents.requestExtraction(account, id);
    return { status: 'accepted' };
  }

  @Post(':id/relink')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Re-link a document',
    description: 'Runs the extraction again, which links the document to the shipments and containers its numbers name now.',
  })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiResponse({ status: 202, description: 'Linking will run again.', schema: ACCEPTED_SCHEMA, example: ACCEPTED_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  async relink(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<{ status: 'accepted' }> {
    await this.documents.requestExtraction(account, id);
    return { status: 'accepted' };
  }

  @Post(':id/rotate')
  @HttpCode(202)
  @ApiOperation({ summary: 'Rotate a document', description: 'Every page of a PDF turns clockwise; extraction runs again.' })
  @ApiParam({ name: 'id', description: 'Document id (uuid)' })
  @ApiBody({ schema: { $ref: '#/components/schemas/RotateDocumentBody' }, examples: ROTATE_BODY_EXAMPLE })
  @ApiResponse({ status: 202, description: 'Rotated.', schema: ACCEPTED_SCHEMA, example: ACCEPTED_EXAMPLE })
  @ApiResponse(FOREIGN)
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 422, description: 'degrees is not 90, 180 or 270, or the document is not a PDF.', schema: ERROR_DOCUMENT })
  async rotate(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Body() body: unknown): Promise<{ status: 'accepted' }> {
    // Whose document it is (401/404) is decided before what the body says (docs/json-api.md).
    await this.documents.get(account, id);
    const degrees = (body as { degrees?: unknown } | undefined)?.degrees;
    if (!(ROTATION_DEGREES as readonly unknown[]).includes(degrees)) {
      throw new DomainError('unprocessable', {
        title: 'Invalid rotation',
        detail: 'degrees must be one of: 90, 180, 270',
        code: 'invalid_rotation',
        source: { pointer: '/degrees' },
      });
    }
    await this.documents.rotate(account, id, degrees as RotationDegrees);
    return { status: 'accepted' };
  }
}
