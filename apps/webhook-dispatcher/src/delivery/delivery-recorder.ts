import type { DeliveryConsequence, DeliveryOutcomeRepository, RecordedConsequence } from '@quayside/data-access';

/** Most consequences written by one transaction. */
const MAX_BATCH = 250;
/**
 * Transactions in progress at once: each waits on round trips more than on Postgres, so a few
 * overlap well (they lock notifications, then webhooks, in id order: no deadlock between them).
 */
const MAX_FLUSHES = 2;
/** How long a transaction waits for more answers to join it: each costs several round trips, whatever its size. */
const GATHER_MS = 5;

interface Waiting {
  item: DeliveryConsequence;
  resolve: (result: RecordedConsequence) => void;
  reject: (error: unknown) => void;
}

/**
 * Records delivery consequences as they come, many per transaction: whatever arrives while a
 * transaction is running (or within GATHER_MS of the first answer) goes into the next one, so
 * the batches grow with the load and a quiet dispatcher records each delivery within a few ms. A slow endpoint's deliveries never hold back the
 * record of the fast ones: each is queued when its own answer comes.
 */
export class DeliveryRecorder {
  private waiting: Waiting[] = [];
  private flushes = 0;

  constructor(private readonly outcomes: DeliveryOutcomeRepository) {}

  record(item: DeliveryConsequence): Promise<RecordedConsequence> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.flushes < MAX_FLUSHES) {
        this.flushes += 1;
        void this.flush();
      }
    });
  }

  private async flush(): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS));
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
    this.flushes -= 1;
  }
}
