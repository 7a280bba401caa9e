import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
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
 * `apply-dcsa-push` jobs, on the `dcsa-push` queue of their own. Bull's concurrency is fixed when
 * the handler is declared, so it takes the setting's most. The jobs a worker holds are applied in
 * batches (ApplyDcsaPushBatchUseCase): a push that finds a lane free is applied at once, alone;
 * the pushes arriving while both lanes are busy wait for the next free one and go together, up
 * to DCSA_PUSH_CONCURRENCY (read at boot) in a batch. So a push never waits for a batch to fill,
 * and under a burst each transaction carries many.
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

  @JobHandler(JOB.applyDcsaPush, { concurrency: DCSA_PUSH_MAX_CONCURRENCY })
  async apply(job: Job<JobData<'apply-dcsa-push'>>): Promise<RefreshRun> {
    const result = await new Promise<RefreshRun>((done, failed) => {
      this.waiting.push({ command: { carrierShipmentId: job.data.carrierShipmentId, outboxId: job.data.outboxId }, done, failed });
      this.next();
    });
    this.logger.debug(`push applied to physical shipment ${job.data.carrierShipmentId}: ${result.status}`);
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
