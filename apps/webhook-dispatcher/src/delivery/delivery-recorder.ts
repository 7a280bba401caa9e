import type { DeliveryConsequence, DeliveryOutcomeRepository, RecordedConsequence } from '@quayside/data-access';

/** Most consequences written by one transaction. */
const MAX_BATCH = 250;
/**
 * Transactions in progress at once. One: whatever answers come while it runs join the next, so
 * under load the transactions follow each other back to back and grow with the load. Each costs
 * six or seven round trips whatever its size, and in profiles of the bench's dispatcher row the
 * writes to Postgres were 7–10 % of the dispatcher's CPU (each a syscall that wakes the backend): at
 * two, the transactions held 28–43 consequences on average, at one 70–100, and a harness of that
 * row ran 6,700–6,800 deliveries/s against 5,400–6,400 (bench/README.md, "The relay woken by
 * commits").
 * (Were there more than one, they lock notifications, then webhooks, in id order: no deadlock.)
 */
const MAX_FLUSHES = 1;
/**
 * How long the first answer after a quiet spell waits for more to join its transaction: a
 * quiet dispatcher records each delivery within some 20 ms of its answer, a busy one gathers
 * more per transaction (5 ms gave smaller first transactions, and a slower row, than 20).
 */
const GATHER_MS = 20;

/** Told once whether a consequence handed to the recorder was written. Neither method may throw. */
export interface RecordWaiter {
  recorded(result: RecordedConsequence): void;
  /** Nothing of its transaction was written: the job fails and its outbox row comes again. */
  notRecorded(error: unknown): void;
}

/**
 * Records delivery consequences as they come, many per transaction: whatever arrives while a
 * transaction is running (or within GATHER_MS of the first answer) goes into the next one, so
 * the batches grow with the load and a quiet dispatcher records each delivery within some 20 ms. A slow endpoint's deliveries never hold back the
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
