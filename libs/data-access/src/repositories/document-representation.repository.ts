import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { DocumentRepresentationEntity } from '../entities/document-representation.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

/** Extractions of documents, newest last; a document points at its latest one. */
@Injectable()
export class DocumentRepresentationRepository extends AccountScopedRepository<DocumentRepresentationEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, DocumentRepresentationEntity, 'document_representation');
  }

  async create(
    scope: AccountScope,
    documentId: string,
    schemaVersion: string,
    payload: Record<string, unknown>,
    manager?: EntityManager,
  ): Promise<DocumentRepresentationEntity> {
    const repository = this.repository(manager);
    return repository.save(
      repository.create({ account_id: scope.accountId, document_id: documentId, schema_version: schemaVersion, payload }),
    );
  }
}
