import { Injectable } from '@nestjs/common';
import type { DocumentType } from '@quayside/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { DocumentEntity } from '../entities/document.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { containsPattern, listPage } from './list-page';
import { OutboxRepository } from './outbox.repository';
import type { Page, PageOf } from './list-page';

export type NewDocument = Pick<
  DocumentEntity,
  | 'name'
  | 'source'
  | 'file_name'
  | 'file_kind'
  | 'file_content_type'
  | 'file_size_bytes'
  | 'page_count'
  | 'sha256'
  | 'storage_key'
  | 'email_submission_id'
> & { id: string; create_tracking_requests?: boolean };

/** Where the outbox row that asks for an extraction goes (the queue contract lives above this lib); payload `{documentId}`. */
export interface ExtractionJob {
  queue: string;
  jobName: string;
}

export interface DocumentFilters {
  /** `file_name` or `name` contains this, case-insensitively. */
  fileName?: string;
  documentTypes?: DocumentType[];
  /** A shipment or container id the document is linked to. */
  reference?: string;
}

export type DocumentSort = { column: 'document_type' | 'created_at'; descending: boolean };

const UNIQUE_VIOLATION = '23505';

/** Documents of an account; one row per content (`uq_documents_account_sha256`). */
@Injectable()
export class DocumentRepository extends AccountScopedRepository<DocumentEntity> {
  constructor(
    dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {
    super(dataSource, DocumentEntity, 'document');
  }

  async list(scope: AccountScope, filters: DocumentFilters, sort: DocumentSort | null, page: Page): Promise<PageOf<DocumentEntity>> {
    const query = this.scoped(scope, 'row');
    if (filters.fileName)
      query.andWhere('(row.file_name ILIKE :name OR row.name ILIKE :name)', { name: containsPattern(filters.fileName) });
    if (filters.documentTypes && filters.documentTypes.length > 0) {
      query.andWhere('COALESCE(row.document_type_manual, row.document_type) IN (:...types)', { types: filters.documentTypes });
    }
    if (filters.reference)
      query.andWhere('(:reference = ANY(row.shipment_ids) OR :reference = ANY(row.container_ids))', { reference: filters.reference });
    if (sort === null) return listPage(query, 'row', page);
    const [rows, total] = await query
      .orderBy(
        sort.column === 'document_type' ? 'COALESCE(row.document_type_manual, row.document_type)' : 'row.created_at',
        sort.descending ? 'DESC' : 'ASC',
      )
      .addOrderBy('row.id', 'ASC')
      .skip(page.offset)
      .take(page.size)
      .getManyAndCount();
    return { rows, total };
  }

  async findBySha256(scope: AccountScope, sha256: string): Promise<DocumentEntity | null> {
    return this.scoped(scope, 'row').andWhere('row.sha256 = :sha256', { sha256 }).getOne();
  }

  /**
   * Inserts the row `pending` with the outbox row of its extraction in one transaction (a
   * savepoint inside the caller's), so a stored document is always extracted eventually;
   * `duplicate` when the account already holds the same content.
   */
  async create(
    scope: AccountScope,
    fields: NewDocument,
    extraction: ExtractionJob,
    manager?: EntityManager,
  ): Promise<DocumentEntity | 'duplicate'> {
    try {
      return await (manager ?? this.dataSource.manager).transaction(async (tx) => {
        const repository = this.repository(tx);
        const row = await repository.save(
          repository.create({
            ...fields,
            account_id: scope.accountId,
            document_type: 'other',
            extraction_status: 'pending',
            shipment_ids: [],
            container_ids: [],
          }),
        );
        await this.enqueueExtraction(tx, row, extraction);
        return row;
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate';
      throw error;
    }
  }

  async update(document: DocumentEntity, changes: Partial<DocumentEntity>, manager?: EntityManager): Promise<DocumentEntity> {
    if (Object.keys(changes).length === 0) return document;
    return this.repository(manager).save(Object.assign(document, changes));
  }

  /**
   * Asks for the document to be read again (re-extract, re-classify, re-link, rotate), with
   * `changes` (a rotated file's size and hash) in the same transaction as its outbox row. A new
   * generation and no lease: an extraction still running for the old request cannot record.
   */
  async requestExtraction(document: DocumentEntity, changes: Partial<DocumentEntity>, extraction: ExtractionJob): Promise<DocumentEntity> {
    return this.dataSource.transaction(async (tx) => {
      await this.repository(tx).save(
        Object.assign(document, changes, {
          extraction_status: 'pending',
          extraction_error: null,
          extraction_generation: document.extraction_generation + 1,
          extraction_lease_id: null,
          extraction_lease_until: null,
          extraction_attempts: 0,
        }),
      );
      await this.enqueueExtraction(tx, document, extraction);
      return document;
    });
  }

  private async enqueueExtraction(tx: EntityManager, document: DocumentEntity, extraction: ExtractionJob): Promise<void> {
    await this.outbox.enqueue(tx, {
      queue: extraction.queue,
      jobName: extraction.jobName,
      payload: { documentId: document.id },
      accountId: document.account_id,
    });
  }

  async remove(document: DocumentEntity): Promise<void> {
    await this.repository().delete({ id: document.id, account_id: document.account_id });
  }

  /** How many documents each submission holds, for `documents_count`. */
  async countBySubmission(scope: AccountScope, submissionIds: readonly string[]): Promise<Map<string, DocumentEntity[]>> {
    const result = new Map<string, DocumentEntity[]>();
    if (submissionIds.length === 0) return result;
    const rows = await this.scoped(scope, 'row')
      .andWhere('row.email_submission_id IN (:...ids)', { ids: [...submissionIds] })
      .orderBy('row.created_at', 'ASC')
      .getMany();
    for (const row of rows) result.set(row.email_submission_id!, [...(result.get(row.email_submission_id!) ?? []), row]);
    return result;
  }
}
