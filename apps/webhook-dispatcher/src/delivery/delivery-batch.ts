export type DeliveryOutcome = 'succeeded' | 'retry-scheduled' | 'failed' | 'endpoint-busy' | 'skipped';

/** How a batch tells that only slow endpoints hold it any more. */
export interface BatchHold {
  /** Whether the endpoint answers slowly (its lane's view). */
  isSlow(webhookId: string): boolean;
  /** Called at most once, when every delivery still unsettled posts to a slow endpoint. */
  heldOnlyBySlow(): void;
}

/**
 * The outcomes of one batch of delivery jobs, in the order of its jobs: `done` resolves once
 * every job has one, or rejects with the first job whose consequence could not be recorded.
 * One promise per batch, where there was one per delivery.
 */
export class DeliveryBatch {
  readonly done: Promise<DeliveryOutcome[]>;
  private readonly outcomes: DeliveryOutcome[];
  /** The endpoint each delivery to post goes to (undefined for a job settled without a post). */
  private readonly endpoints: Array<string | undefined>;
  private remaining: number;
  private holdTold = false;
  /** Every delivery before this index is settled. */
  private firstUnsettled = 0;
  private resolve!: (outcomes: DeliveryOutcome[]) => void;
  private reject!: (error: Error) => void;

  constructor(
    size: number,
    private readonly hold?: BatchHold,
  ) {
    this.outcomes = new Array<DeliveryOutcome>(size);
    this.endpoints = new Array<string | undefined>(size);
    this.remaining = size;
    this.done = new Promise<DeliveryOutcome[]>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (size === 0) this.resolve(this.outcomes);
  }

  postsTo(index: number, webhookId: string): void {
    this.endpoints[index] = webhookId;
  }

  settle(index: number, outcome: DeliveryOutcome): void {
    this.outcomes[index] = outcome;
    this.remaining -= 1;
    if (this.remaining === 0) this.resolve(this.outcomes);
    else this.tellIfHeldOnlyBySlow();
  }

  fail(error: unknown): void {
    this.reject(error instanceof Error ? error : new Error(String(error)));
  }

  /**
   * Tells the hold, once, if every delivery still unsettled goes to a slow endpoint. Run on each
   * settle, and from outside for a batch none of whose deliveries settle any more (all of them
   * in flight to an endpoint that hangs).
   */
  tellIfHeldOnlyBySlow(): void {
    if (this.holdTold || !this.hold || this.remaining === 0) return;
    while (this.outcomes[this.firstUnsettled] !== undefined) this.firstUnsettled += 1;
    for (let index = this.firstUnsettled; index < this.outcomes.length; index++) {
      if (this.outcomes[index] !== undefined) continue;
      const webhookId = this.endpoints[index];
      if (webhookId === undefined || !this.hold.isSlow(webhookId)) return;
    }
    this.holdTold = true;
    this.hold.heldOnlyBySlow();
  }
}
