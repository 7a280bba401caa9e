import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DocumentRepository, DocumentRepresentationRepository, EmailSubmissionRepository } from '@quayside/data-access';
import type { DocumentEntity, DocumentFilters, DocumentRepresentationEntity, DocumentSort } from '@quayside/data-access';
import { DomainError } from '@quayside/domain';
import type { RotationDegrees } from '@quayside/domain';
import type { PageRequest } from '@quayside/json-api';
import { ObjectStorage } from '@quayside/platform';
import type { PageResult } from '../common/json-api-presenter.service';
import { ApiConfig } from '../config/api.config';
import type { AccountContext } from '../tenancy/account-context';
import type { EmailSubmissionView } from './document.resource';
import type { UpdateDocumentAttributes } from './dto/update-document.dto';
import { EXTRACTION_JOB } from './document-intake.service';
import { rotatePdf } from './pdf-rotation';

/** Documents of the caller's account and their email submissions (docs/documents.md). */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly representations: DocumentRepresentationRepository,
    private readonly submissions: EmailSubmissionRepository,
    private readonly storage: ObjectStorage,
    private readonly config: ApiConfig,
  ) {}

  async list(
    account: AccountContext,
    filters: DocumentFilters,
    sort: DocumentSort | null,
    page: PageRequest,
  ): Promise<PageResult<DocumentEntity>> {
    return this.documents.list(account, filters, sort, page);
  }

  async get(account: AccountContext, id: string): Promise<DocumentEntity> {
    return this.documents.findOwned(account, id);
  }

  async update(account: AccountContext, id: string, attributes: UpdateDocumentAttributes): Promise<DocumentEntity> {
    const document = await this.documents.findOwned(account, id);
    const changes: Partial<DocumentEntity> = {};
    if (attributes.document_type_manual !== undefined) changes.document_type_manual = attributes.document_type_manual;
    if (attributes.extracted_data_manual !== undefined) changes.extracted_data_manual = attributes.extracted_data_manual;
    if (attributes.name !== undefined) changes.name = attributes.name.trim();
    return this.documents.update(document, changes);
  }

  /** The row goes first, then the bytes: a failure between leaves unreachable bytes, never a document without its file. */
  async remove(account: AccountContext, id: string): Promise<void> {
    const document = await this.documents.findOwned(account, id);
    await this.documents.remove(document);
    await this.storage.delete(document.storage_key);
  }

  async downloadUrl(account: AccountContext, id: string): Promise<string> {
    const document = await this.documents.findOwned(account, id);
    return this.storage.signedDownloadUrl(document.storage_key, {
      fileName: document.file_name,
      contentType: document.file_content_type,
      expiresInSeconds: this.config.DOCUMENT_URL_TTL_SECONDS,
    });
  }

  /** Reclassify, re-extract and relink all run the extraction again through the worker (docs/documents.md "Extraction"). */
  async requestExtraction(account: AccountContext, id: string): Promise<void> {
    const document = await this.documents.findOwned(account, id);
    await this.documents.requestExtraction(document, {}, EXTRACTION_JOB);
  }

  /** Turns every page of a PDF; the stored file is replaced whole and extraction runs again. */
  async rotate(account: AccountContext, id: string, by: RotationDegrees): Promise<void> {
    const document = await this.documents.findOwned(account, id);
    if (document.file_kind !== 'pdf') {
      throw new DomainError('unprocessable', {
        title: 'Invalid rotation',
        detail: `Only PDF documents can be rotated; this one is ${document.file_kind.toUpperCase()}.`,
        code: 'rotation_unsupported',
      });
    }
    const bytes = await this.storage.get(document.storage_key);
    if (bytes === null)
      throw new DomainError('unprocessable', {
        title: 'No document attached',
        detail: 'The file of this document is missing from storage.',
        code: 'no_document_attached',
      });
    const rotated = Buffer.from(await rotatePdf(bytes, by));
    await this.storage.put(document.storage_key, rotated, document.file_content_type);
    await this.documents.requestExtraction(
      document,
      { file_size_bytes: rotated.length, sha256: createHash('sha256').update(rotated).digest('hex') },
      EXTRACTION_JOB,
    );
  }

  async representationsByIds(account: AccountContext, ids: readonly string[]): Promise<DocumentRepresentationEntity[]> {
    return this.representations.findManyOwned(account, ids);
  }

  async listSubmissions(account: AccountContext, page: PageRequest): Promise<PageResult<EmailSubmissionView>> {
    const result = await this.submissions.list(account, page);
    return { ...result, rows: await this.withDocuments(account, result.rows) };
  }

  async getSubmission(account: AccountContext, id: string): Promise<EmailSubmissionView> {
    const [view] = await this.withDocuments(account, [await this.submissions.findOwned(account, id)]);
    return view!;
  }

  async submissionsByIds(account: AccountContext, ids: readonly string[]): Promise<EmailSubmissionView[]> {
    return this.withDocuments(account, await this.submissions.findManyOwned(account, ids));
  }

  async documentsByIds(account: AccountContext, ids: readonly string[]): Promise<DocumentEntity[]> {
    return this.documents.findManyOwned(account, ids);
  }

  private async withDocuments(
    account: AccountContext,
    rows: Awaited<ReturnType<EmailSubmissionRepository['list']>>['rows'],
  ): Promise<EmailSubmissionView[]> {
    const documents = await this.documents.countBySubmission(
      account,
      rows.map((row) => row.id),
    );
    return rows.map((row) => Object.assign(row, { documents: documents.get(row.id) ?? [] }));
  }
}
