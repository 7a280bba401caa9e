export type DeliveryOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'endpoint-busy' | 'skipped';

/**
 * The outcomes of one batch of delivery jobs, in the order of its jobs: `done` resolves once
 * every job has one, or rejects with the first job whose consequence could not be recorded.
 * One promise per batch, where there was one per delivery.
 */
export class DeliveryBatch {
  readonly done: Promise<DeliveryOutcome[]>;
  private readonly outcomes: DeliveryOutcome[];
  private remaining: number;
  private resolve!: (outcomes: DeliveryOutcome[]) => void;
  private reject!: (error: Error) => void;

  constructor(size: number) {
    this.outcomes = new Array<DeliveryOutcome>(size);
    this.remaining = size;
    this.done = new Promise<DeliveryOutcome[]>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (size === 0) this.resolve(this.outcomes);
  }

  settle(index: number, outcome: DeliveryOutcome): void {
    this.outcomes[index] = outcome;
    this.remaining -= 1;
    if (this.remaining === 0) this.resolve(this.outcomes);
  }

  fail(error: unknown): void {
    this.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
