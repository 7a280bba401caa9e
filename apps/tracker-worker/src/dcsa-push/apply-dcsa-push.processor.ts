import { Logger } from '@nestjs/common';
import type { JobBatch, JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import { DCSA_PUSH_MAX_CONCURRENCY, TrackerWorkerConfig } from '../config/tracker-worker.config';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import { ApplyDcsaPushBatchUseCase } from './apply-dcsa-push-batch.use-case';
import type { PushCommand } from './apply-dcsa-push-batch.use-case';

/** Batches applied at once: while one is written, the pushes arriving meanwhile gather for the next. */
const LANES = 2;

interface Waiting {
  command: PushCommand;
  done: (run: RefreshRun) => void;
  failed: (error: unknown) => void;
}

/**
 * `apply-dcsa-push` jobs, on the `dcsa-push` queue of their own; each carries the pushes one relay
 * pass found (up to 32, BATCHED_JOBS). Bull's concurrency is fixed when the handler is declared, so
 * it takes the setting's most. The pushes a worker holds are applied in batches
 * (ApplyDcsaPushBatchUseCase): pushes that find a lane free are applied at once; the pushes
 * arriving while both lanes are busy wait for the next free one and go together, up to
 * DCSA_PUSH_CONCURRENCY (read at boot) in a batch. So a push never waits for a batch to fill, and
 * under a burst each transaction carries many.
 */
@QueueConsumer(QUEUE.dcsaPush)
export class ApplyDcsaPushProcessor {
  private readonly logger = new Logger('DcsaPush');
  private readonly waiting: Waiting[] = [];
  private busyLanes = 0;

  constructor(
    private readonly applyPushes: ApplyDcsaPushBatchUseCase,
    private readonly config: TrackerWorkerConfig,
  ) {}

  /**
   * Each push's outcome. A push that fails fails the job once the others are done: Bull's retry
   * runs the job again, where the pushes already applied are no-ops (their rows are completed).
   */
  @JobHandler(JOB.applyDcsaPush, { concurrency: DCSA_PUSH_MAX_CONCURRENCY })
  async apply(job: Job<JobBatch<'apply-dcsa-push'>>): Promise<RefreshRun[]> {
    // A job an api before batches published (one push per job) still runs, as a batch of one.
    const batch = Array.isArray(job.data.batch) ? job.data.batch : [job.data as unknown as JobData<'apply-dcsa-push'>];
    const outcomes = await Promise.allSettled(batch.map(async (push) => this.applyOne(push)));
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<RefreshRun>).value);
  }

  private async applyOne(push: JobData<'apply-dcsa-push'>): Promise<RefreshRun> {
    const result = await new Promise<RefreshRun>((done, failed) => {
      this.waiting.push({ command: { carrierShipmentId: push.carrierShipmentId, outboxId: push.outboxId }, done, failed });
      this.next();
    });
    this.logger.debug(`push applied to physical shipment ${push.carrierShipmentId}: ${result.status}`);
    return result;
  }

  private next(): void {
    while (this.busyLanes < LANES && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.config.DCSA_PUSH_CONCURRENCY);
      this.busyLanes += 1;
      void this.applyPushes
        .execute(batch.map((waiting) => waiting.command))
        .then(
          (runs) => batch.forEach((waiting, index) => waiting.done(runs[index]!)),
          // Each job fails as a single push would: Bull retries it.
          (error: unknown) => batch.forEach((waiting) => waiting.failed(error)),
        )
        .finally(() => {
          this.busyLanes -= 1;
          this.next();
        });
    }
  }
}
