import type { ClaimedOutboxRow } from '@quayside/data-access';
import type { JobOptions } from 'bull';
import { BATCHED_JOBS, isBatchedJob, jobPriority } from '../contract/queue-contract';
import type { QueueName } from '../contract/queue-contract';

/** One Bull job to add, and the outbox rows it carries (handed back if the add fails). */
export interface RelayedJob {
  bull: { name: string; data: Record<string, unknown>; opts: JobOptions };
  rowIds: string[];
}

function options(jobId: string, jobName: string): JobOptions {
  return { jobId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, priority: jobPriority(jobName) };
}

/**
 * Claimed outbox rows as Bull jobs, grouped by queue: one job per row, except the rows of a
 * batched job (BATCHED_JOBS), which travel up to its batch size per job, in claim order. A
 * batch's job id names its first and last rows: a re-claim that groups the same rows again
 * is refused by Bull while the first job is still queued, and a different grouping is harmless
 * (each row is completed once in Postgres; a replayed row is a no-op).
 */
export function bullJobsByQueue(rows: readonly ClaimedOutboxRow[]): Map<QueueName, RelayedJob[]> {
  const byQueue = new Map<QueueName, RelayedJob[]>();
  const add = (queue: string, job: RelayedJob): void => {
    const jobs = byQueue.get(queue as QueueName) ?? [];
    jobs.push(job);
    byQueue.set(queue as QueueName, jobs);
  };
  const batches = new Map<string, ClaimedOutboxRow[]>();
  for (const row of rows) {
    if (!isBatchedJob(row.job_name)) {
      add(row.queue, {
        bull: { name: row.job_name, data: { ...row.payload, outboxId: row.id }, opts: options(row.id, row.job_name) },
        rowIds: [row.id],
      });
      continue;
    }
    const key = `${row.queue}\u0000${row.job_name}`;
    const open = batches.get(key) ?? [];
    open.push(row);
    batches.set(key, open);
    if (open.length >= BATCHED_JOBS[row.job_name]) {
      add(row.queue, batchJob(open));
      batches.delete(key);
    }
  }
  for (const open of batches.values()) add(open[0]!.queue, batchJob(open));
  return byQueue;
}

function batchJob(rows: readonly ClaimedOutboxRow[]): RelayedJob {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  return {
    bull: {
      name: first.job_name,
      data: { batch: rows.map((row) => ({ ...row.payload, outboxId: row.id })) },
      opts: options(`${first.id}..${last.id}`, first.job_name),
    },
    rowIds: rows.map((row) => row.id),
  };
}
