import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { EventEntity, inFixtureTransaction, OutboxEntity, OutboxRepository, TrackingRequestEntity } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount } from '@quayside/testing';
import { waitFor, WorkerProcesses } from './test/worker-processes';

const FIXTURE = readFileSync(resolve(__dirname, '../../../libs/carriers/src/dcsa/fixtures/tnt-220-response.json'), 'utf8');
/** How long the worker may take for each step of the drill. */
const STEP_MS = 20_000;

/**
 * The worker as a real process (the production `main.ts`), killed with SIGKILL while it waits
 * for a DCSA carrier, then a fresh one: the job's work is redone from its outbox row and its
 * effects are stored once.
 */
describe('a worker killed in the middle of a job', () => {
  let processes: WorkerProcesses;
  let server: Server;
  let carrierUrl: string;
  let hanging = true;
  let hits = 0;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    processes = await WorkerProcesses.start();
    server = createServer((request, response) => {
      hits += 1;
      if (hanging) {
        held.push(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(FIXTURE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    carrierUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await processes.close();
    for (const response of held) response.destroy();
    await new Promise((r) => server.close(r));
  });

  const startWorker = () =>
    processes.startWorker({
      // The killed worker's lease on the number lapses after this; the next attempt waits for it.
      REFRESH_LEASE_MS: '2000',
      CARRIERS_CONFIG: JSON.stringify({
        carriers: [{ scac: 'DCSA', kind: 'dcsa', baseUrl: carrierUrl, timeoutMs: 60_000 }],
        terminals: [],
        rail: [],
      }),
    });

  it('loses nothing and stores no event twice, also when the job is delivered again after its commit', async () => {
    const { db } = processes;
    const account = await createAccount(db.dataSource);
    const { requestId, outboxId } = await inFixtureTransaction(db.dataSource, async (manager) => {
      const request = await manager.getRepository(TrackingRequestEntity).save(
        manager.getRepository(TrackingRequestEntity).create({
          account_id: account.id,
          request_number: 'APZU4812090',
          request_type: 'container',
          scac: 'DCSA',
          ref_numbers: [],
          tags: [],
        }),
      );
      const outbox = await new OutboxRepository(db.dataSource).enqueue(manager, {
        queue: QUEUE.tracker,
        jobName: JOB.trackRequest,
        payload: { trackingRequestId: request.id },
        accountId: account.id,
      });
      return { requestId: request.id, outboxId: outbox.id };
    });

    const first = startWorker();
    await waitFor('the worker to call the carrier', () => hits > 0, STEP_MS);
    await processes.kill(first, STEP_MS);
    expect(await db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id: requestId })).toMatchObject({
      status: 'pending',
    });
    expect(await db.dataSource.getRepository(EventEntity).countBy({ account_id: account.id })).toBe(0);

    // A lost Redis is handled by the outbox relay; test that faster path: drop the dead job from Redis.
    await processes.dropQueue(QUEUE.tracker);

    hanging = false;
    startWorker();
    const succeeded = await waitFor(
      'the request to succeed in the second worker',
      async () => {
        const request = await db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id: requestId });
        return request.status === 'succeeded' ? request : null;
      },
      STEP_MS,
    );
    expect(succeeded).toMatchObject({ retry_count: 0, is_retrying: false });
    const outbox = await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: outboxId });
    expect(outbox.completed_at).not.toBeNull();
    expect(outbox.publish_count).toBeGreaterThanOrEqual(2);
    const stored = async (): Promise<string[]> =>
      (await db.dataSource.getRepository(EventEntity).find({ where: { account_id: account.id }, order: { created_at: 'ASC' } })).map(
        (e) => e.name,
      );
    const events = await stored();
    expect(events.slice(0, 2)).toEqual(['tracking_request.succeeded', 'container.created']);
    expect(events[0]).toBe('tracking_request.succeeded');
    expect(events.filter((n) => n === 'tracking_request.succeeded')).toHaveLength(1);
    expect(events.filter((n) => n === 'container.created')).toHaveLength(1);
    expect(new Set(events.filter((n) => n.startsWith('container.transport.'))).size).toBe(
      events.filter((n) => n.startsWith('container.transport.')).length,
    );

    // The same job delivered once more (a worker killed after its commit, before the ack).
    await expect(
      processes.deliverAgain(QUEUE.tracker, JOB.trackRequest, { trackingRequestId: requestId, outboxId }, `${outboxId}:again`),
    ).resolves.toEqual({ status: 'replayed' });
    expect(await stored()).toEqual(events);
  });
});
