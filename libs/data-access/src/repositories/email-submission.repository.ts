import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { EmailSubmissionEntity } from '../entities/email-submission.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { listPage } from './list-page';
import type { Page, PageOf } from './list-page';

export type NewEmailSubmission = Omit<EmailSubmissionEntity, 'id' | 'account_id' | 'account' | 'created_at' | 'updated_at'>;

/** Inbound emails of an account (docs/documents.md "Email"). */
@Injectable()
export class EmailSubmissionRepository extends AccountScopedRepository<EmailSubmissionEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, EmailSubmissionEntity, 'email_submission');
  }

  async list(scope: AccountScope, page: Page): Promise<PageOf<EmailSubmissionEntity>> {
    return listPage(this.scoped(scope, 'row'), 'row', page);
  }

  async create(scope: AccountScope, fields: NewEmailSubmission, manager?: EntityManager): Promise<EmailSubmissionEntity> {
    const repository = this.repository(manager);
    return repository.save(repository.create({ ...fields, account_id: scope.accountId }));
  }
}
