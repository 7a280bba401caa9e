import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { ExtractDocumentUseCase } from './extract-document.use-case';
import type { ExtractOutcome } from './extract-document.use-case';

/** `extract-document` jobs: one at a time per worker, since OCR keeps a CPU busy. */
@QueueConsumer(QUEUE.tracker)
export class ExtractDocumentProcessor {
  private readonly logger = new Logger('ExtractDocument');

  constructor(private readonly extract: ExtractDocumentUseCase) {}

  @JobHandler(JOB.extractDocument, { concurrency: 1 })
  async handle(job: Job<JobData<'extract-document'>>): Promise<ExtractOutcome> {
    const outcome = await this.extract.execute({ documentId: job.data.documentId, outboxId: job.data.outboxId });
    this.logger.log(`document ${job.data.documentId}: ${outcome}`);
    return outcome;
  }
}
