import type { OutboxEntry } from '@quayside/data-access';

/**
 * The queue contract between the three apps, in one place: every queue, every job, the queue
 * that carries it, its payload and its priority. Producers write jobs with `outboxJob` (typed
 * by job name), consumers handle them with `@JobHandler(JOB.x)` (whose handler must accept
 * that job's payload), and the start-up check refuses an app whose handlers do not match.
 * docs/architecture.md draws it.
 */
export const QUEUE = {
  tracker: 'tracker',
  /** Document extraction apart from tracking: a slow or failing document never holds a tracking slot. */
  documents: 'documents',
  /**
   * DCSA 3.0 events carriers pushed, applied apart from the scheduled polls: a push never waits
   * behind a backlog of routine refreshes, and a flood of pushes never takes the slots polls run in.
   */
  dcsaPush: 'dcsa-push',
  webhookFanout: 'webhook-fanout',
  webhookDelivery: 'webhook-delivery',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

/** The queues an app consumes (its `QueuesModule.forRoot({ consumes })`), for whoever needs to know. */
export const CONSUMED_QUEUES = Symbol('CONSUMED_QUEUES');
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUE);

/** What a producer writes for each job (the outbox row's payload). */
export interface JobPayloads {
  /** First and later attempts of a tracking request (pending / awaiting_manifest / retrying). api → tracker-worker. */
  'track-request': { trackingRequestId: string };
  /** An account's shipment: settle its stop, or refresh its physical shipment (resume, refresh asked for). api → tracker-worker. */
  'refresh-shipment': { shipmentId: string; reason: 'manual' | 'resume' };
  /** The routine refresh of physical shipments of one carrier that fell due together, for every account following them. tracker-worker → tracker-worker. */
  'refresh-carrier-shipments': { carrierShipmentIds: string[] };
  /** A DCSA 3.0 push named this followed physical shipment: apply it now (docs/dcsa.md, "Carriers that push"). api → tracker-worker. */
  'apply-dcsa-push': { carrierShipmentId: string };
  /** `PATCH /containers/{id}/refresh`: jumps the queue. api → tracker-worker. */
  'refresh-container': { containerId: string };
  /** Read a stored document: text, OCR, classification, fields, links (upload, re-extract, rotate). api → tracker-worker. */
  'extract-document': { documentId: string };
  /** Repeating tick that finds the physical shipments due for a refresh (a Bull repeatable, not an outbox row). */
  'schedule-refreshes': Record<string, never>;
  /** Repeating tick that deletes records past their retention in small batches (a Bull repeatable, not an outbox row). */
  'prune-retention': Record<string, never>;
  /** One stored event → one notification per subscribed active webhook. tracker-worker → webhook-dispatcher. */
  'fan-out': { eventId: string };
  /** One notification → one signed POST (retried with backoff). webhook-dispatcher → webhook-dispatcher. */
  deliver: { notificationId: string };
}
export type JobName = keyof JobPayloads;

/**
 * What a consumer receives: the payload and the outbox row it completes in the transaction of
 * its effects (the relay adds it; every job but the repeatable ticks comes through the outbox).
 */
export type JobData<J extends JobName> = JobPayloads[J] & { outboxId: string };

/**
 * Jobs the relay hands over many at a time: their outbox rows stay one per job (each completed
 * in the transaction of its own effects), but up to this many due rows travel in one Bull job,
 * so the relay and the consumer pay Bull's per-job overhead (a Lua call, its keys, the job's
 * JSON) once per batch. A routine refresh of 50 shipments stores a few events per container,
 * each with a fan-out row: one job per row made Bull the relay's largest cost in the tracker.
 */
export const BATCHED_JOBS = {
  'fan-out': 100,
  deliver: 100,
  // Pushes arrive one HTTP request each (200/s in the freshness bench): a job per push was a Bull
  // add, a move to active and a completion per push. A worker applies at most 32 in one transaction
  // (DCSA_PUSH_CONCURRENCY's most), so a batch never waits for a second.
  'apply-dcsa-push': 32,
} as const satisfies Partial<Record<JobName, number>>;
export type BatchedJobName = keyof typeof BATCHED_JOBS;

export function isBatchedJob(name: string): name is BatchedJobName {
  return Object.prototype.hasOwnProperty.call(BATCHED_JOBS, name);
}

/** What a batched job's Bull job carries: the rows of one relay pass, each with its outbox id. */
export interface JobBatch<J extends JobName> {
  batch: JobData<J>[];
}

/** What a handler of job `J` receives: one row's data, or a batch of them for a batched job. */
export type JobMessage<J extends JobName> = J extends BatchedJobName ? JobBatch<J> : JobData<J>;

interface JobRoute {
  queue: QueueName;
  /** Bull priority (1 runs first): what a client asked for jumps ahead of tracking work, which runs ahead of routine refreshes. */
  priority: number;
}

/** Which queue carries each job, and its priority. */
export const JOB_ROUTES: Readonly<Record<JobName, JobRoute>> = {
  'track-request': { queue: QUEUE.tracker, priority: 2 },
  'refresh-shipment': { queue: QUEUE.tracker, priority: 1 },
  'refresh-carrier-shipments': { queue: QUEUE.tracker, priority: 5 },
  'refresh-container': { queue: QUEUE.tracker, priority: 1 },
  'apply-dcsa-push': { queue: QUEUE.dcsaPush, priority: 3 },
  'schedule-refreshes': { queue: QUEUE.tracker, priority: 3 },
  // Housekeeping waits behind everything a user is waiting for.
  'prune-retention': { queue: QUEUE.tracker, priority: 6 },
  // A queue of its own: OCR takes seconds a page, and the reader's bound, not Bull's, sets how many run.
  'extract-document': { queue: QUEUE.documents, priority: 3 },
  'fan-out': { queue: QUEUE.webhookFanout, priority: 3 },
  deliver: { queue: QUEUE.webhookDelivery, priority: 3 },
};

/** Job names as constants (`JOB.trackRequest`), so a typo is a compile error. */
export const JOB = {
  trackRequest: 'track-request',
  refreshShipment: 'refresh-shipment',
  refreshCarrierShipments: 'refresh-carrier-shipments',
  refreshContainer: 'refresh-container',
  applyDcsaPush: 'apply-dcsa-push',
  scheduleRefreshes: 'schedule-refreshes',
  pruneRetention: 'prune-retention',
  extractDocument: 'extract-document',
  fanOut: 'fan-out',
  deliver: 'deliver',
} as const satisfies Record<string, JobName>;

/** Which queue carries which job; the start-up check uses it to find missing or doubled handlers. */
export const JOBS_BY_QUEUE: Readonly<Record<QueueName, readonly JobName[]>> = Object.fromEntries(
  QUEUE_NAMES.map((queue) => [queue, (Object.keys(JOB_ROUTES) as JobName[]).filter((job) => JOB_ROUTES[job].queue === queue)]),
) as Record<QueueName, JobName[]>;

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_ROUTES, name);
}

/** Bull priority of a job (1 runs first). */
export function jobPriority(job: string): number {
  return isJobName(job) ? JOB_ROUTES[job].priority : 3;
}

/** An outbox row for `job`: its queue comes from the contract, its payload is checked against it. */
export function outboxJob<J extends JobName>(
  job: J,
  payload: JobPayloads[J],
  options: { accountId?: string | null; availableAt?: Date } = {},
): OutboxEntry {
  return {
    queue: JOB_ROUTES[job].queue,
    jobName: job,
    payload: { ...payload },
    ...(options.accountId !== undefined ? { accountId: options.accountId } : {}),
    ...(options.availableAt !== undefined ? { availableAt: options.availableAt } : {}),
  };
}

/** The queue and job name of `job`, for repositories that write its outbox rows themselves. */
export function jobRoute<J extends JobName>(job: J): { queue: QueueName; jobName: J } {
  return { queue: JOB_ROUTES[job].queue, jobName: job };
}
