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
    const rows = [
      row(QUEUE.tracker, JOB.trackRequest, { trackingRequestId: 't1' }),
      row(QUEUE.tracker, JOB.refreshShipment, { shipmentId: 's1' }),
    ];
    const jobs = bullJobsByQueue(rows).get(QUEUE.tracker)!;
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.bull).toMatchObject({
      name: JOB.trackRequest,
      data: { trackingRequestId: 't1', outboxId: rows[0]!.id },
      opts: { jobId: rows[0]!.id, priority: 2 },
    });
    expect(jobs[0]!.rowIds).toEqual([rows[0]!.id]);
    expect(jobs[1]!.bull).toMatchObject({
      name: JOB.refreshShipment,
      data: { shipmentId: 's1', outboxId: rows[1]!.id },
      opts: { jobId: rows[1]!.id, priority: 1 },
    });
  });

  it.each([
    [JOB.deliver, QUEUE.webhookDelivery, 'notificationId'],
    [JOB.fanOut, QUEUE.webhookFanout, 'eventId'],
    [JOB.applyDcsaPush, QUEUE.dcsaPush, 'carrierShipmentId'],
  ] as const)(
    'groups %s rows into jobs of at most the batch size, in claim order, each row keeping its outbox id',
    (jobName, queue, key) => {
      const size = BATCHED_JOBS[jobName];
      const rows = Array.from({ length: size * 2 + 3 }, (_, i) => row(queue, jobName, { [key]: `id${i}` }));
      const jobs = bullJobsByQueue(rows).get(queue)!;
      expect(jobs.map((job) => job.rowIds.length)).toEqual([size, size, 3]);
      expect(jobs.flatMap((job) => job.rowIds)).toEqual(rows.map((r) => r.id));
      const first = jobs[0]!.bull;
      expect(first.name).toBe(jobName);
      expect(first.data).toEqual({ batch: rows.slice(0, size).map((r, i) => ({ [key]: `id${i}`, outboxId: r.id })) });
      expect(first.opts.jobId).toBe(`${rows[0]!.id}..${rows[size - 1]!.id}`);
      expect(new Set(jobs.map((job) => job.bull.opts.jobId)).size).toBe(3);
    },
  );

  it('keeps the rows of different batched jobs in jobs of their own', () => {
    const rows = [
      row(QUEUE.webhookFanout, JOB.fanOut, { eventId: 'e1' }),
      row(QUEUE.webhookDelivery, JOB.deliver, { notificationId: 'n1' }),
      row(QUEUE.webhookFanout, JOB.fanOut, { eventId: 'e2' }),
    ];
    const jobs = bullJobsByQueue(rows);
    expect(jobs.get(QUEUE.webhookFanout)!.map((job) => job.bull.data)).toEqual([
      {
        batch: [
          { eventId: 'e1', outboxId: rows[0]!.id },
          { eventId: 'e2', outboxId: rows[2]!.id },
        ],
      },
    ]);
    expect(jobs.get(QUEUE.webhookDelivery)!.map((job) => job.rowIds)).toEqual([[rows[1]!.id]]);
  });
});
