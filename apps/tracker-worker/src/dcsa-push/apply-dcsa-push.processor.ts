import { Logger } from '@nestjs/common';
import type { JobData } from '@quayside/queues';
import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import type { Job } from 'bull';
import pLimit from 'p-limit';
import type { LimitFunction } from 'p-limit';
import { DCSA_PUSH_MAX_CONCURRENCY, TrackerWorkerConfig } from '../config/tracker-worker.config';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import { ApplyDcsaPushUseCase } from './apply-dcsa-push.use-case';

/**
 * `apply-dcsa-push` jobs, on the `dcsa-push` queue of their own. Bull's concurrency is fixed when
 * the handler is declared, so it takes the setting's most; DCSA_PUSH_CONCURRENCY (read at boot)
 * bounds how many are applied at once.
 */
@QueueConsumer(QUEUE.dcsaPush)
export class ApplyDcsaPushProcessor {
  private readonly logger = new Logger('DcsaPush');
  private readonly limit: LimitFunction;

  constructor(
    private readonly applyPush: ApplyDcsaPushUseCase,
    config: TrackerWorkerConfig,
  ) {
    this.limit = pLimit(config.DCSA_PUSH_CONCURRENCY);
  }

  @JobHandler(JOB.applyDcsaPush, { concurrency: DCSA_PUSH_MAX_CONCURRENCY })
  async apply(job: Job<JobData<'apply-dcsa-push'>>): Promise<RefreshRun> {
    const result = await this.limit(() =>
      this.applyPush.execute({ carrierShipmentId: job.data.carrierShipmentId, outboxId: job.data.outboxId }),
    );
    this.logger.debug(`push applied to physical shipment ${job.data.carrierShipmentId}: ${result.status}`);
    return result;
  }
}
