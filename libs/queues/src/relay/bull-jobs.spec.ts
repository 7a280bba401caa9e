import type { OutboxEntity } from '@quayside/data-access';
import { BATCHED_JOBS, JOB, QUEUE } from '../contract/queue-contract';
import { bullJobsByQueue } from './bull-jobs';

let sequence = 0;
function row(queue: string, jobName: string, payload: Record<string, unknown>): OutboxEntity {
  sequence += 1;
  return { id: `row-${sequence}`, queue, job_name: jobName, payload } as OutboxEntity;
}

describe('bullJobsByQueue', () => {
  it('publishes one job per row, with the row id as job id, for jobs that are not batched', () => {
    const rows = [row(QUEUE.tracker, JOB.trackRequest, { trackingRequestId: 't1' }), row(QUEUE.webhookFanout, JOB.fanOut, { eventId: 'e1' })];
    const jobs = bullJobsByQueue(rows);
    const [tracker] = jobs.get(QUEUE.tracker)!;
    expect(tracker!.bull).toMatchObject({ name: JOB.trackRequest, data: { trackingRequestId: 't1', outboxId: rows[0]!.id }, opts: { jobId: rows[0]!.id, priority: 2 } });
    expect(tracker!.rowIds).toEqual([rows[0]!.id]);
    expect(jobs.get(QUEUE.webhookFanout)).toHaveLength(1);
  });

  it('groups deliver rows into jobs of at most the batch size, in claim order, each row keeping its outbox id', () => {
    const size = BATCHED_JOBS.deliver;
    const rows = Array.from({ length: size * 2 + 3 }, (_, i) => row(QUEUE.webhookDelivery, JOB.deliver, { notificationId: `n${i}` }));
    const jobs = bullJobsByQueue(rows).get(QUEUE.webhookDelivery)!;
    expect(jobs.map((job) => job.rowIds.length)).toEqual([size, size, 3]);
    expect(jobs.flatMap((job) => job.rowIds)).toEqual(rows.map((r) => r.id));
    const first = jobs[0]!.bull;
    expect(first.name).toBe(JOB.deliver);
    expect(first.data).toEqual({ batch: rows.slice(0, size).map((r, i) => ({ notificationId: `n${i}`, outboxId: r.id })) });
    expect(first.opts.jobId).toBe(`${rows[0]!.id}..${rows[size - 1]!.id}`);
    expect(new Set(jobs.map((job) => job.bull.opts.jobId)).size).toBe(3);
  });
});
