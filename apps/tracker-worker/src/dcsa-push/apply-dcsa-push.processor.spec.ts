import { Logger } from '@nestjs/common';
import type { JobBatch, JobData } from '@quayside/queues';
import type { Job } from 'bull';
import type { TrackerWorkerConfig } from '../config/tracker-worker.config';
import type { RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import type { ApplyDcsaPushBatchUseCase, PushCommand } from './apply-dcsa-push-batch.use-case';
import { ApplyDcsaPushProcessor } from './apply-dcsa-push.processor';

/** The batch use case as the processor sees it: each command's outcome, or the whole batch failing when it holds `failing`. */
class RecordingBatches {
  readonly batches: string[][] = [];

  constructor(private readonly failing: string | null = null) {}

  async execute(commands: readonly PushCommand[]): Promise<RefreshRun[]> {
    this.batches.push(commands.map((command) => command.carrierShipmentId));
    await Promise.resolve();
    if (commands.some((command) => command.carrierShipmentId === this.failing)) throw new Error('the batch could not be written');
    return commands.map(() => ({ status: 'missing' }));
  }
}

const processorWith = (batches: RecordingBatches, concurrency = 8): ApplyDcsaPushProcessor =>
  new ApplyDcsaPushProcessor(
    batches as unknown as ApplyDcsaPushBatchUseCase,
    { DCSA_PUSH_CONCURRENCY: concurrency } as TrackerWorkerConfig,
  );

const jobOf = (data: JobBatch<'apply-dcsa-push'> | JobData<'apply-dcsa-push'>): Job<JobBatch<'apply-dcsa-push'>> =>
  ({ data }) as Job<JobBatch<'apply-dcsa-push'>>;

const push = (carrierShipmentId: string): JobData<'apply-dcsa-push'> => ({ carrierShipmentId, outboxId: `row-${carrierShipmentId}` });

describe('ApplyDcsaPushProcessor', () => {
  // Each applied push is logged at debug level; not here.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  it('applies every push a job carries and answers each outcome in the order of the job', async () => {
    const batches = new RecordingBatches();
    const runs = await processorWith(batches).apply(jobOf({ batch: ['a', 'b', 'c', 'd'].map(push) }));
    expect(runs).toHaveLength(4);
    expect(batches.batches.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
    // Two lanes: the first two go at once, the pushes waiting meanwhile together in the next batch.
    expect(batches.batches).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('fails the job when one push fails, after the other pushes of the job are applied', async () => {
    const batches = new RecordingBatches('b');
    await expect(processorWith(batches).apply(jobOf({ batch: ['a', 'b', 'c'].map(push) }))).rejects.toThrow(
      'the batch could not be written',
    );
    expect(batches.batches).toEqual([['a'], ['b'], ['c']]);
  });

  it('runs a job published before batches (one push, no batch) as a batch of one', async () => {
    const batches = new RecordingBatches();
    const runs = await processorWith(batches).apply(jobOf(push('a')));
    expect(runs).toEqual([{ status: 'missing' }]);
    expect(batches.batches).toEqual([['a']]);
  });
});
