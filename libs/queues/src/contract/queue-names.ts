/**
 * The queue contract between the three apps: every queue and job name lives here so a
 * producer and its consumer can never disagree on a string.
 */
export const QUEUE = {
  tracker: 'tracker',
  webhookFanout: 'webhook-fanout',
  webhookDelivery: 'webhook-delivery',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUE);

export const JOB = {
  /** First and later attempts of a tracking request (pending / awaiting_manifest / retrying). */
  trackRequest: 'track-request',
  /** Refresh one shipment (and all its containers) from carrier, terminal and rail. */
  refreshShipment: 'refresh-shipment',
  /** `PATCH /containers/{id}/refresh`: jumps the queue. */
  refreshContainer: 'refresh-container',
  /** Repeating tick that finds the shipments due for a scheduled refresh. */
  scheduleRefreshes: 'schedule-refreshes',
  /** One stored event → one notification per subscribed active webhook. */
  fanOut: 'fan-out',
  /** One notification → one signed POST (retried with backoff). */
  deliver: 'deliver',
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

/** Which queue carries which job; the start-up check uses it to find missing or doubled handlers. */
export const JOBS_BY_QUEUE: Readonly<Record<QueueName, readonly JobName[]>> = {
  [QUEUE.tracker]: [JOB.trackRequest, JOB.refreshShipment, JOB.refreshContainer, JOB.scheduleRefreshes],
  [QUEUE.webhookFanout]: [JOB.fanOut],
  [QUEUE.webhookDelivery]: [JOB.deliver],
};

/**
 * Bull priority per job (1 runs first). A refresh a client asked for jumps ahead of
 * tracking work, which runs ahead of the scheduler's routine refreshes.
 */
export function jobPriority(job: string, payload: { readonly reason?: unknown }): number {
  switch (job) {
    case JOB.refreshContainer:
      return 1;
    case JOB.trackRequest:
      return 2;
    case JOB.refreshShipment:
      return payload.reason === 'scheduled' ? 5 : 1;
    default:
      return 3;
  }
}
