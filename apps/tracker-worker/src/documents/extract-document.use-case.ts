import { Injectable } from '@nestjs/common';
import { DocumentExtractionRepository, OutboxRepository } from '@quayside/data-access';
import type { ExtractionClaim, ExtractionResult } from '@quayside/data-access';
import type { FileKind } from '@quayside/domain';
import { ObjectStorage } from '@quayside/platform';
import { JOB, QUEUE } from '@quayside/queues';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { extractionResultOf } from './extraction-result';
import { DocumentReaderPool, ReaderFault } from './reader/document-reader-pool';
import type { DocumentText } from './reader/document-text-reader';
import { UnreadableDocument } from './reader/document-text-reader';

export const EXTRACTION_JOBS = {
  track: { queue: QUEUE.tracker, jobName: JOB.trackRequest },
  fanOut: { queue: QUEUE.webhookFanout, jobName: JOB.fanOut },
};

export type ExtractOutcome = 'extracted' | 'failed' | 'nothing_to_do' | 'deferred' | 'stale';

type Read = (kind: FileKind, fileName: string, bytes: Buffer) => Promise<DocumentText>;

/**
 * One `extract-document` job (docs/documents.md "Extraction"): wait for a reader, claim the
 * document, read its bytes and text outside any transaction (in a reader process: OCR takes
 * seconds), then record the result once. A file that cannot be read is a recorded failure
 * (`document.extraction_failed`); a reader that was stopped (over its time or memory) or died
 * is tried again until the document's attempts are spent, then recorded as failed with why;
 * storage or database trouble is thrown, so Bull retries and the relay republishes the row.
 */
@Injectable()
export class ExtractDocumentUseCase {
  constructor(
    private readonly extractions: DocumentExtractionRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
    private readonly readers: DocumentReaderPool,
    private readonly config: TrackerWorkerConfig,
  ) {}

  execute(job: { documentId: string; outboxId: string }): Promise<ExtractOutcome> {
    // The reader slot first: the lease starts only when reading can.
    return this.readers.withReader((read) => this.extract(job, read));
  }

  private async extract(job: { documentId: string; outboxId: string }, read: Read): Promise<ExtractOutcome> {
    const claimed = await this.extractions.claim(job.documentId, this.config.DOCUMENT_EXTRACTION_LEASE_MS);
    if (claimed.outcome === 'nothing_to_do') {
      await this.outbox.completeAlone(job.outboxId);
      return 'nothing_to_do';
    }
    if (claimed.outcome === 'busy') {
      // Another worker is reading it; if that worker dies, this row comes back when its lease ends.
      await this.outbox.defer(job.outboxId, claimed.until);
      return 'deferred';
    }
    const result = await this.read(claimed.claim, read);
    const recorded = await this.extractions.record(claimed.claim, result, job.outboxId, EXTRACTION_JOBS);
    // Stale: another claim or a newer request owns the document now; this row stays open, so
    // if that owner dies too the relay hands the row out again.
    if (recorded.outcome === 'stale') return 'stale';
    return result.status;
  }

  private async read(claim: ExtractionClaim, read: Read): Promise<ExtractionResult> {
    const max = this.config.DOCUMENT_EXTRACTION_MAX_ATTEMPTS;
    if (claim.attempts > max) {
      return {
        status: 'failed',
        error: `Extraction was started ${max} times without finishing (the worker stopped each time); re-extract to try again.`,
      };
    }
    try {
      const bytes = await this.storage.get(claim.document.storage_key);
      if (bytes === null) return { status: 'failed', error: 'The file of this document is missing from storage.' };
      return extractionResultOf(await read(claim.document.file_kind, claim.document.file_name, bytes));
    } catch (error) {
      if (error instanceof UnreadableDocument) return { status: 'failed', error: error.message };
      if (error instanceof ReaderFault && claim.attempts >= max) {
        return { status: 'failed', error: `${error.message} Tried ${claim.attempts} times; re-extract to try again.` };
      }
      await this.extractions.release(claim);
      throw error;
    }
  }
}
