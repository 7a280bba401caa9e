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

/** Told once whether a consequence handed to the recorder was written. Neither method may throw. */
export interface RecordWaiter {
  recorded(result: RecordedConsequence): void;
  /** Nothing of its transaction was written: the job fails and its outbox row comes again. */
  notRecorded(error: unknown): void;
}

/**
 * Records delivery consequences as they come, many per transaction: whatever arrives while a
 * transaction is running (or within GATHER_MS of the first answer) goes into the next one, so
 * the batches grow with the load and a quiet dispatcher records each delivery within a few ms. A slow endpoint's deliveries never hold back the
 * record of the fast ones: each is queued when its own answer comes.
 *
 * Each consequence comes with the waiter to tell (the delivery itself), not a promise of its
 * own: thousands are recorded a second, and a promise, its resolving functions and an entry
 * object per consequence were a measurable part of the dispatcher's allocations.
 */
export class DeliveryRecorder {
  private items: DeliveryConsequence[] = [];
  private waiters: RecordWaiter[] = [];
  private flushes = 0;

  constructor(private readonly outcomes: DeliveryOutcomeRepository) {}

  record(item: DeliveryConsequence, waiter: RecordWaiter): void {
    this.items.push(item);
    this.waiters.push(waiter);
    if (this.flushes < MAX_FLUSHES) {
      this.flushes += 1;
      void this.flush();
    }
  }

  private async flush(): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS));
    while (this.items.length > 0) {
      const items = this.items.length <= MAX_BATCH ? this.items : this.items.splice(0, MAX_BATCH);
      const waiters = items === this.items ? this.waiters : this.waiters.splice(0, MAX_BATCH);
      if (items === this.items) {
        this.items = [];
        this.waiters = [];
      }
      let results: RecordedConsequence[];
      try {
        results = await this.outcomes.recordMany(items);
      } catch (error) {
        for (const waiter of waiters) waiter.notRecorded(error);
        continue;
      }
      for (let index = 0; index < waiters.length; index++) waiters[index]!.recorded(results[index]!);
    }
    this.flushes -= 1;
  }
}
