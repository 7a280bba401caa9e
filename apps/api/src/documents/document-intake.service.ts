import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DocumentRepository } from '@quayside/data-access';
import type { AccountScope, DocumentEntity, NewDocument } from '@quayside/data-access';
import { conflict, DomainError, FILE_KIND_CONTENT_TYPES } from '@quayside/domain';
import type { DocumentSource } from '@quayside/domain';
import { DocumentInspector, ObjectStorage } from '@quayside/platform';
import type { InspectedFile } from '@quayside/platform';
import { JOB, jobRoute } from '@quayside/queues';
import type { AccountContext } from '../tenancy/account-context';
import { uploadRefused } from './upload-problem';

export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
  /** Display name; the file name when not given. */
  name?: string;
  source: DocumentSource;
  emailSubmissionId?: string | null;
  /** Create tracking requests for the numbers extraction finds and the account does not track yet. */
  createTrackingRequests?: boolean;
}

/** Every stored document is read by the tracker-worker (docs/documents.md "Extraction"). */
export const EXTRACTION_JOB = jobRoute(JOB.extractDocument);

/**
 * The one way a file becomes a document (docs/documents.md "Upload"): checked completely first
 * (real type, size, pixels of every page and attachment, PDF structure and pages), then its bytes stored, then the row
 * written. A failure after the bytes are stored deletes them again, so a refused or failed
 * upload leaves nothing behind.
 */
@Injectable()
export class DocumentIntakeService {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly storage: ObjectStorage,
    private readonly inspector: DocumentInspector,
  ) {}

  /** Throws the 413/415/422 that names what is wrong with the file (docs/documents.md "Limits"). */
  async check(fileName: string, bytes: Buffer): Promise<InspectedFile> {
    const checked = await this.inspector.inspect(fileName, bytes);
    if ('problem' in checked) throw uploadRefused(checked.problem);
    return checked;
  }

  /**
   * Stores the bytes of a file `check` passed, without writing its row: the caller writes the
   * row (alone, or with others in one transaction as email submissions do) and calls `discard`
   * when that fails, so nothing is left half stored.
   */
  async stage(
    account: AccountScope,
    file: Omit<IncomingFile, 'emailSubmissionId'>,
    checked: InspectedFile,
  ): Promise<Omit<NewDocument, 'email_submission_id'>> {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const existing = await this.documents.findBySha256(account, sha256);
    if (existing) throw duplicate(existing);
    const id = randomUUID();
    const storageKey = `documents/${account.accountId}/${id}`;
    const contentType = FILE_KIND_CONTENT_TYPES[checked.kind];
    await this.storage.put(storageKey, file.bytes, contentType);
    return {
      id,
      name: (file.name ?? '').trim() || file.fileName,
      source: file.source,
      file_name: file.fileName,
      file_kind: checked.kind,
      file_content_type: contentType,
      file_size_bytes: file.bytes.length,
      page_count: checked.pageCount,
      sha256,
      storage_key: storageKey,
    };
  }

  /** Deletes the bytes of staged files whose rows were not written. */
  async discard(staged: readonly Pick<NewDocument, 'storage_key'>[]): Promise<void> {
    for (const file of staged) await this.storage.delete(file.storage_key);
  }

  async intake(account: AccountContext, file: IncomingFile): Promise<DocumentEntity> {
    const staged = await this.stage(account, file, await this.check(file.fileName, file.bytes));
    try {
      const created = await this.documents.create(
        account,
        { ...staged, email_submission_id: file.emailSubmissionId ?? null, create_tracking_requests: file.createTrackingRequests ?? false },
        EXTRACTION_JOB,
      );
      if (created === 'duplicate') {
        // Another request stored the same content first: keep its document, drop these bytes.
        await this.discard([staged]);
        const winner = await this.documents.findBySha256(account, staged.sha256);
        throw winner ? duplicate(winner) : conflict('The same file was uploaded at the same time; retry.');
      }
      return created;
    } catch (error) {
      await this.discard([staged]);
      throw error;
    }
  }
}

function duplicate(existing: DocumentEntity): DomainError {
  return new DomainError('conflict', {
    title: 'Duplicate document',
    detail: `This file was already uploaded as document ${existing.id} (${existing.name}).`,
    code: 'duplicate_document',
    meta: { existing_document_id: existing.id, existing_document_name: existing.name },
  });
}
