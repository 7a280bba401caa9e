/** How the receiver answered one delivery. */
export type DeliveryOutcome = 'new' | 'retry' | 'rejected';

export interface TallySnapshot {
  /** POSTs received, whatever their outcome. */
  deliveries: number;
  /** Distinct notification ids accepted. */
  notifications: number;
  /** Accepted deliveries of an id already accepted: the service sent it again (a retry or a redelivery). */
  retries: number;
  /** Deliveries refused with 401 because a signature did not verify. */
  signatureFailures: number;
  /** Distinct notifications per event name, most frequent first (then by name). */
  perEvent: Array<[event: string, count: number]>;
}

/**
 * Counts what the demo receiver saw. `webhook-id` is the notification id, the same on every
 * attempt, so a repeated id is a retry; receivers de-duplicate on it.
 */
export class DeliveryTally {
  private deliveries = 0;
  private retries = 0;
  private signatureFailures = 0;
  private readonly seen = new Set<string>();
  private readonly perEvent = new Map<string, number>();

  record(delivery: { id: string; event: string; verified: boolean }): DeliveryOutcome {
    this.deliveries += 1;
    if (!delivery.verified) {
      this.signatureFailures += 1;
      return 'rejected';
    }
    if (this.seen.has(delivery.id)) {
      this.retries += 1;
      return 'retry';
    }
    this.seen.add(delivery.id);
    this.perEvent.set(delivery.event, (this.perEvent.get(delivery.event) ?? 0) + 1);
    return 'new';
  }

  snapshot(): TallySnapshot {
    const perEvent = [...this.perEvent.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return {
      deliveries: this.deliveries,
      notifications: this.seen.size,
      retries: this.retries,
      signatureFailures: this.signatureFailures,
      perEvent,
    };
  }
}
