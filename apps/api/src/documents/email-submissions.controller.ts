import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { EMAIL_SUBMISSION_TYPE } from './document.resource';
import { EMAIL_SUBMISSION_SCHEMA } from './document.schema';
import { EMAIL_SUBMISSION_EXAMPLE, EMAIL_SUBMISSION_LIST_EXAMPLE } from './document.examples';
import { DocumentsService } from './documents.service';

const INCLUDE = 'documents, documents.last_document_representation (the default).';

/** The established API includes a submission's documents and their extractions unless told otherwise. */
function withDefaultInclude(request: FastifyRequest): FastifyRequest {
  const query = request.query as Record<string, unknown>;
  if (query['include'] === undefined) query['include'] = 'documents,documents.last_document_representation';
  return request;
}

@ApiTags('Email submissions')
@Controller('email_submissions')
export class EmailSubmissionsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List email submissions', description: 'Oldest first.' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(EMAIL_SUBMISSION_SCHEMA), example: EMAIL_SUBMISSION_LIST_EXAMPLE })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(EMAIL_SUBMISSION_TYPE, withDefaultInclude(request));
    const page = this.presenter.page(request);
    return this.presenter.paginated(
      EMAIL_SUBMISSION_TYPE,
      await this.documents.listSubmissions(account, page),
      page,
      request,
      account,
      include,
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an email submission' })
  @ApiParam({ name: 'id', description: 'Email submission id (uuid)' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE })
  @ApiOkResponse({ schema: singleDocument(EMAIL_SUBMISSION_SCHEMA), example: EMAIL_SUBMISSION_EXAMPLE })
  @ApiResponse({ status: 401, description: 'The email submission belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such email submission.', schema: ERROR_DOCUMENT })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(EMAIL_SUBMISSION_TYPE, withDefaultInclude(request));
    return this.presenter.one(EMAIL_SUBMISSION_TYPE, await this.documents.getSubmission(account, id), account, include);
  }
}
