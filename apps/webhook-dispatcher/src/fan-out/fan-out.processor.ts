import { Injectable } from '@nestjs/common';
import type { JobBatch, JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { FanOutService } from './fan-out.service';

@QueueConsumer(QUEUE.webhookFanout)
@Injectable()
export class FanOutProcessor {
  constructor(private readonly fanOut: FanOutService) {}

  /**
   * Up to 100 events per job (BATCHED_JOBS), fanned out together, in the order they were stored,
   * in one transaction; the events no webhook hears only have their rows completed there (one
   * lookup per account and name). When that transaction fails (one row it cannot read), nothing
   * of it is kept: the rows of unheard events are completed together in one statement, and each
   * other event is fanned out in a transaction of its own, so a row that fails does not keep the
   * rest from their notifications; the job fails after the others are done, and Bull's retry runs
   * the batch again, where the rows already completed are no-ops.
   */
  @JobHandler(JOB.fanOut, { concurrency: 4 })
  async handle(job: Job<JobBatch<'fan-out'>>): Promise<void> {
    // A job published one row per job (before batches) still runs, as a batch of one.
    const batch: Array<JobData<'fan-out'>> = Array.isArray(job.data.batch) ? job.data.batch : [job.data as unknown as JobData<'fan-out'>];
    try {
      await this.fanOut.fanOutMany(batch);
      return;
    } catch {
      // Rolled back whole: each row on its own below, where the one that fails is found.
    }
    let unheard = new Set<string>();
    try {
      unheard = await this.fanOut.completeUnheard(batch);
    } catch {
      // A row the statement cannot read (a malformed id): every row goes its own way below.
    }
    const heard = batch.filter((row) => !unheard.has(row.outboxId));
    let failure: Error | null = null;
    for (const { eventId, outboxId } of heard) {
      try {
        await this.fanOut.fanOut(eventId, outboxId);
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (failure !== null) throw failure;
  }
}
