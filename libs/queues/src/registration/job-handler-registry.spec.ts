import { JOB, JOB_ROUTES, JOBS_BY_QUEUE, jobPriority, outboxJob, QUEUE } from '../contract/queue-contract';
import { checkJobHandlers } from './job-handler-registry';
import type { DiscoveredHandler } from './job-handler-registry';

const fanOut: DiscoveredHandler = { queue: QUEUE.webhookFanout, job: JOB.fanOut, owner: 'FanOutProcessor.handle' };
const deliver: DiscoveredHandler = { queue: QUEUE.webhookDelivery, job: JOB.deliver, owner: 'DeliveryProcessor.handle' };
const dispatcherQueues = [QUEUE.webhookFanout, QUEUE.webhookDelivery];

// An app whose processors do not match the contract must not start: a job nobody handles
// would sit in Redis forever, and two handlers for one job would race.
describe('checkJobHandlers', () => {
  it.each<[string, DiscoveredHandler[], (typeof QUEUE)[keyof typeof QUEUE][], string[]]>([
    ['every job handled once', [fanOut, deliver], dispatcherQueues, []],
    [
      'a consumed queue without a processor',
      [fanOut],
      [QUEUE.webhookFanout],
      [
        'queue "webhook-delivery" is consumed but no processor is registered for it',
        'job "deliver" of queue "webhook-delivery" has no handler',
      ],
    ],
    [
      'a job handled twice',
      [fanOut, deliver, { ...deliver, owner: 'Other.deliver' }],
      dispatcherQueues,
      ['job "deliver" of queue "webhook-delivery" has 2 handlers: DeliveryProcessor.handle, Other.deliver'],
    ],
    [
      'a handler for a job its queue does not carry',
      [fanOut, deliver, { queue: QUEUE.webhookFanout, job: JOB.deliver, owner: 'Wrong.deliver' }],
      dispatcherQueues,
      ['Wrong.deliver handles "deliver", which queue "webhook-fanout" does not carry'],
    ],
  ])('%s', (_case, handlers, consumerQueues, expected) => {
    expect(checkJobHandlers(dispatcherQueues, handlers, consumerQueues)).toEqual(expected);
  });

  it('a processor for a queue the app does not consume', () => {
    expect(checkJobHandlers([], [fanOut], [QUEUE.webhookFanout])).toEqual([
      'a processor serves queue "webhook-fanout", which this app does not consume',
    ]);
  });

  it('an app that consumes nothing and has no processors is sound', () => {
    expect(checkJobHandlers([], [], [])).toEqual([]);
  });
});

describe('jobPriority', () => {
  // Bull runs lower numbers first: a client's refresh must never wait behind routine work.
  it.each([
    [JOB.refreshContainer, 1],
    [JOB.refreshShipment, 1],
    [JOB.trackRequest, 2],
    [JOB.fanOut, 3],
    [JOB.refreshCarrierShipments, 5],
  ])('%s runs with priority %i', (job, priority) => {
    expect(jobPriority(job)).toBe(priority);
  });
});

describe('the queue contract', () => {
  it('routes every job to exactly one queue, and each queue lists the jobs routed to it', () => {
    const routed = Object.values(JOBS_BY_QUEUE).flat();
    expect([...routed].sort()).toEqual(Object.keys(JOB_ROUTES).sort());
    for (const [queue, jobs] of Object.entries(JOBS_BY_QUEUE)) for (const job of jobs) expect(JOB_ROUTES[job].queue).toBe(queue);
  });

  it('writes an outbox row on the queue of its job', () => {
    expect(outboxJob(JOB.fanOut, { eventId: 'e-1' }, { accountId: 'a-1' })).toEqual({
      queue: QUEUE.webhookFanout,
      jobName: 'fan-out',
      payload: { eventId: 'e-1' },
      accountId: 'a-1',
    });
  });
});
