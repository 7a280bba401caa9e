import { Injectable } from '@nestjs/common';
import { DocumentExtractionRepository, OutboxRepository } from '@quayside/data-access';
import type { ExtractionClaim, ExtractionResult } from '@quayside/data-access';
import { ObjectStorage } from '@quayside/platform';
import { JOB, QUEUE } from '@quayside/queues';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { DocumentTextReader, UnreadableDocument } from './document-text-reader';
import { extractionResultOf } from './extraction-result';

export const EXTRACTION_JOBS = {
  track: { queue: QUEUE.tracker, jobName: JOB.trackRequest },
  fanOut: { queue: QUEUE.webhookFanout, jobName: JOB.fanOut },
};

export type ExtractOutcome = 'extracted' | 'failed' | 'nothing_to_do' | 'deferred' | 'stale';

/**
 * One `extract-document` job (docs/documents.md "Extraction"): claim the document, read its
 * bytes and text outside any transaction (OCR takes seconds), then record the result once.
 * A file that cannot be read is a recorded failure (`document.extraction_failed`); storage or
 * database trouble is thrown, so Bull retries and the relay republishes the row.
 */
@Injectable()
export class ExtractDocumentUseCase {
  constructor(
    private readonly extractions: DocumentExtractionRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
    private readonly reader: DocumentTextReader,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async execute(job: { documentId: string; outboxId: string }): Promise<ExtractOutcome> {
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
    const result = await this.read(claimed.claim);
    const recorded = await this.extractions.record(claimed.claim, result, job.outboxId, EXTRACTION_JOBS);
    // Stale: another claim or a newer request owns the document now; this row stays open, so
    // if that owner dies too the relay hands the row out again.
    if (recorded.outcome === 'stale') return 'stale';
    return result.status;
  }

  private async read(claim: ExtractionClaim): Promise<ExtractionResult> {
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
      return extractionResultOf(await this.reader.read(claim.document.file_kind, bytes));
    } catch (error) {
      if (error instanceof UnreadableDocument) return { status: 'failed', error: error.message };
      await this.extractions.release(claim);
      throw error;
    }
  }
}
