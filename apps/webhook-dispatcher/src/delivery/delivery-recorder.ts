import type { DeliveryConsequence, DeliveryOutcomeRepository, RecordedConsequence } from '@quayside/data-access';

/** Most consequences written by one transaction. */
const MAX_BATCH = 250;

interface Waiting {
  item: DeliveryConsequence;
  resolve: (result: RecordedConsequence) => void;
  reject: (error: unknown) => void;
}

/**
 * Records delivery consequences as they come, many per transaction: whatever arrives while a
 * transaction is running goes into the next one, so the batches grow with the load and a quiet
 * dispatcher records each delivery at once. A slow endpoint's deliveries never hold back the
 * record of the fast ones: each is queued when its own answer comes.
 */
export class DeliveryRecorder {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly outcomes: DeliveryOutcomeRepository) {}

  record(item: DeliveryConsequence): Promise<RecordedConsequence> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    // Let the consequences of this turn of the event loop join the first transaction.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const taken = this.waiting.splice(0, MAX_BATCH);
      try {
        const results = await this.outcomes.recordMany(taken.map((waiting) => waiting.item));
        taken.forEach((waiting, index) => waiting.resolve(results[index]!));
      } catch (error) {
        // Nothing of the batch was recorded; its jobs fail and their outbox rows come again.
        for (const waiting of taken) waiting.reject(error);
      }
    }
    this.flushing = null;
  }
}
