import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { ExtractDocumentUseCase } from './extract-document.use-case';
import type { ExtractOutcome } from './extract-document.use-case';

/**
 * `extract-document` jobs, on the `documents` queue. Bull takes up to 4 at once (DOCUMENT_READERS'
 * most); how many are read at once is the reader pool's bound, and a job waits for a reader
 * before it claims its document.
 */
@QueueConsumer(QUEUE.documents)
export class ExtractDocumentProcessor {
  private readonly logger = new Logger('ExtractDocument');

  constructor(private readonly extract: ExtractDocumentUseCase) {}

  @JobHandler(JOB.extractDocument, { concurrency: 4 })
  async handle(job: Job<JobData<'extract-document'>>): Promise<ExtractOutcome> {
    const outcome = await this.extract.execute({ documentId: job.data.documentId, outboxId: job.data.outboxId });
    this.logger.log(`document ${job.data.documentId}: ${outcome}`);
    return outcome;
  }
}
