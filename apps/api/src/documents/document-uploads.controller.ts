import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiExtraModels,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { badRequest, DomainError, FILE_KIND_CONTENT_TYPES, unauthorized } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import { ObjectStorage } from '@quayside/platform';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator';
import { JsonApiBody } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ApiConfig } from '../config/api.config';
import { ERROR_DOCUMENT, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { DocumentIntakeService } from './document-intake.service';
import { DOCUMENT_TYPE } from './document.resource';
import { DOCUMENT_SCHEMA, DOCUMENT_UPLOAD_SCHEMA, MULTIPART_UPLOAD_SCHEMA } from './document.schema';
import { CREATE_DOCUMENT_BODY_EXAMPLES, CREATE_UPLOAD_BODY_EXAMPLE, CREATED_DOCUMENT_EXAMPLE, UPLOAD_EXAMPLE } from './document.examples';
import { CreateDocumentUploadAttributes } from './dto/create-document-upload.dto';
import { CreateDocumentAttributes } from './dto/create-document.dto';
import { readUploadedFile } from './multipart-file';
import { decodeUploadGrant, encodeUploadGrant } from './upload-token';
import { SigningSecret } from './signing-secret';

const stagingKey = (accountId: string, uploadId: string): string => `uploads/${accountId}/${uploadId}`;

function invalidAttachment(detail: string): DomainError {
  return new DomainError('unprocessable', {
    title: 'Invalid attached_document',
    detail,
    code: 'invalid_attached_document',
    source: { pointer: '/data/attributes/attached_document' },
  });
}

/** A true/false form field; anything else is a 400 naming it. */
function formFlag(fields: Record<string, string>, name: string): boolean {
  const value = fields[name];
  if (value === undefined) return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`The form field \`${name}\` must be true or false.`, { parameter: name });
}

/**
 * Both ways in (docs/documents.md "Upload"): one multipart request to `POST /v2/documents`, or
 * two steps for large files — `POST /v2/document_uploads` returns a signed `upload_url` to PUT
 * the file to, then `POST /v2/documents` with its `attached_document` makes the document.
 */
@ApiTags('Documents')
@ApiExtraModels(CreateDocumentAttributes, CreateDocumentUploadAttributes)
@Controller()
export class DocumentUploadsController {
  constructor(
    private readonly intake: DocumentIntakeService,
    private readonly storage: ObjectStorage,
    private readonly presenter: JsonApiPresenter,
    private readonly config: ApiConfig,
    private readonly secret: SigningSecret,
  ) {}

  @Post('documents')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Upload a document',
    description:
      'multipart/form-data with the file in `file` (and optional `name` and `create_tracking_requests`), or a JSON:API document naming the `attached_document` of a two-step upload. Extraction runs in the background: `extraction_status` is `pending` until the worker has read the file.',
  })
  @ApiConsumes('multipart/form-data', 'application/vnd.api+json')
  @ApiBody({
    schema: { oneOf: [MULTIPART_UPLOAD_SCHEMA, requestDocument('document', '#/components/schemas/CreateDocumentAttributes')] },
    examples: CREATE_DOCUMENT_BODY_EXAMPLES,
  })
  @ApiCreatedResponse({ schema: singleDocument(DOCUMENT_SCHEMA), example: CREATED_DOCUMENT_EXAMPLE })
  @ApiResponse({
    status: 409,
    description: 'The same file is already a document of this account (`duplicate_document`, `meta.existing_document_id`).',
    schema: ERROR_DOCUMENT,
  })
  @ApiResponse({ status: 413, description: 'The file is larger than `DOCUMENT_MAX_BYTES`.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 415,
    description: 'Not a PDF, PNG, JPEG, TIFF or .eml, or its extension does not match its content.',
    schema: ERROR_DOCUMENT,
  })
  @ApiResponse({
    status: 422,
    description: 'Encrypted or corrupt PDF, too many pages, an image bomb, or an invalid `attached_document`.',
    schema: ERROR_DOCUMENT,
  })
  async create(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    if (request.isMultipart()) {
      const upload = await readUploadedFile(request, this.config.DOCUMENT_MAX_BYTES);
      const document = await this.intake.intake(account, {
        fileName: upload.fileName,
        bytes: upload.bytes,
        ...(upload.fields['name'] !== undefined ? { name: upload.fields['name'] } : {}),
        source: 'upload',
        createTrackingRequests: formFlag(upload.fields, 'create_tracking_requests'),
      });
      return this.presenter.one(DOCUMENT_TYPE, document, account);
    }
    const body = await new JsonApiBody(DOCUMENT_TYPE, CreateDocumentAttributes).transform(request.body);
    const grant = decodeUploadGrant(this.secret.value, body.attributes.attached_document);
    if (grant === null) throw invalidAttachment('attached_document is not one returned by POST /v2/document_uploads.');
    if (grant.accountId !== account.accountId) throw unauthorized();
    const key = stagingKey(grant.accountId, grant.uploadId);
    const bytes = await this.storage.get(key);
    if (bytes === null)
      throw invalidAttachment(
        'Nothing has been uploaded to this upload URL yet (or it was already used); PUT the file to upload_url first.',
      );
    const document = await this.intake.intake(account, {
      fileName: grant.fileName,
      bytes,
      ...(body.attributes.name !== undefined ? { name: body.attributes.name } : {}),
      source: 'api',
      createTrackingRequests: body.attributes.create_tracking_requests ?? false,
    });
    await this.storage.delete(key);
    return this.presenter.one(DOCUMENT_TYPE, document, account);
  }

  @Post('document_uploads')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an upload URL',
    description:
      'First step of a two-step upload: PUT the file (multipart/form-data, field `file`, no API key) to `upload_url` before `expires_at` (204; 403 when the URL is forged or expired; the same 413/415/422 as a direct upload), then create the document with `attached_document`.',
  })
  @ApiBody({
    schema: requestDocument('document_upload', '#/components/schemas/CreateDocumentUploadAttributes'),
    examples: CREATE_UPLOAD_BODY_EXAMPLE,
  })
  @ApiCreatedResponse({
    description: 'Where to PUT the file, and the `attached_document` that names it afterwards.',
    schema: singleDocument(DOCUMENT_UPLOAD_SCHEMA),
    example: UPLOAD_EXAMPLE,
  })
  async createUpload(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const body = await new JsonApiBody('document_upload', CreateDocumentUploadAttributes).transform(request.body);
    const expires = Math.floor(Date.now() / 1000) + this.config.DOCUMENT_URL_TTL_SECONDS;
    const uploadId = randomUUID();
    const token = encodeUploadGrant(this.secret.value, {
      uploadId,
      accountId: account.accountId,
      expires,
      fileName: body.attributes.file_name.trim(),
    });
    return {
      data: {
        id: uploadId,
        type: 'document_upload',
        attributes: {
          upload_url: `${this.config.publicBaseUrl}/document_upload_files?token=${encodeURIComponent(token)}`,
          attached_document: token,
          expires_at: new Date(expires * 1000).toISOString(),
        },
      },
    };
  }

  /** Outside /v2 like a store's presigned URL (no API key: the signature is the permission), so left out of the /v2 description. */
  @Put('document_upload_files')
  @Public()
  @HttpCode(204)
  @ApiExcludeEndpoint()
  async putUpload(@Query('token') token: unknown, @Req() request: FastifyRequest): Promise<void> {
    const grant = typeof token === 'string' ? decodeUploadGrant(this.secret.value, token) : null;
    if (grant === null || grant.expires < Date.now() / 1000) {
      throw new DomainError('forbidden', {
        title: 'Forbidden',
        detail: 'This upload URL is not valid or has expired; create a new one.',
        code: 'upload_url_invalid',
      });
    }
    const upload = await readUploadedFile(request, this.config.DOCUMENT_MAX_BYTES);
    // Checked now, so a bad file is refused to the uploader, and again when the document is made.
    const checked = await this.intake.check(grant.fileName, upload.bytes);
    await this.storage.put(stagingKey(grant.accountId, grant.uploadId), upload.bytes, FILE_KIND_CONTENT_TYPES[checked.kind]);
  }
}
