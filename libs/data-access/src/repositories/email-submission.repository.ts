import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { DocumentEntity } from '../entities/document.entity';
import { EmailSubmissionEntity } from '../entities/email-submission.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { DocumentRepository } from './document.repository';
import type { ExtractionJob, NewDocument } from './document.repository';
import { listPage } from './list-page';
import { OutboxRepository } from './outbox.repository';
import type { Page, PageOf } from './list-page';

export type NewEmailSubmission = Omit<EmailSubmissionEntity, 'id' | 'account_id' | 'account' | 'created_at' | 'updated_at'>;

/** Inbound emails of an account (docs/documents.md "Email"). */
@Injectable()
export class EmailSubmissionRepository extends AccountScopedRepository<EmailSubmissionEntity> {
  /** Documents of a submission are written through the same repository as uploads. */
  private readonly documents: DocumentRepository;

  constructor(dataSource: DataSource) {
    super(dataSource, EmailSubmissionEntity, 'email_submission');
    this.documents = new DocumentRepository(dataSource, new OutboxRepository(dataSource));
  }

  async list(scope: AccountScope, page: Page): Promise<PageOf<EmailSubmissionEntity>> {
    return listPage(this.scoped(scope, 'row'), 'row', page);
  }

  async create(scope: AccountScope, fields: NewEmailSubmission, manager?: EntityManager): Promise<EmailSubmissionEntity> {
    const repository = this.repository(manager);
    return repository.save(repository.create({ ...fields, account_id: scope.accountId }));
  }

  /**
   * The submission and every one of its documents in one transaction, through the same
   * `DocumentRepository.create` uploads use: all rows or none. A document whose content the
   * account already holds rolls the whole submission back and is reported by its file name.
   */
  async createWithDocuments(
    scope: AccountScope,
    fields: NewEmailSubmission,
    documents: readonly Omit<NewDocument, 'email_submission_id'>[],
    extraction: ExtractionJob,
  ): Promise<{ submission: EmailSubmissionEntity; documents: DocumentEntity[] } | { duplicate: string }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const submission = await this.create(scope, fields, manager);
        const created: DocumentEntity[] = [];
        for (const document of documents) {
          const row = await this.documents.create(scope, { ...document, email_submission_id: submission.id }, extraction, manager);
          if (row === 'duplicate') throw new DuplicateAttachment(document.file_name);
          created.push(row);
        }
        return { submission, documents: created };
      });
    } catch (error) {
      if (error instanceof DuplicateAttachment) return { duplicate: error.fileName };
      throw error;
    }
  }
}

/** Unwinds the transaction when one attachment is already a document of the account. */
class DuplicateAttachment extends Error {
  constructor(readonly fileName: string) {
    super(`duplicate attachment ${fileName}`);
  }
}
