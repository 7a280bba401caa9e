import { JOB, JobHandler, QUEUE, QueueConsumer } from '@quayside/queues';
import { PruneRetentionUseCase } from './prune-retention.use-case';
import type { PruneResult } from './prune-retention.use-case';

/** The repeatable `prune-retention` tick. */
@QueueConsumer(QUEUE.tracker)
export class RetentionProcessor {
  constructor(private readonly prune: PruneRetentionUseCase) {}

  @JobHandler(JOB.pruneRetention)
  async tick(): Promise<PruneResult> {
    return this.prune.execute(new Date());
  }
}
