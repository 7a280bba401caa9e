import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { JOB, QUEUE } from '@quayside/queues';
import { WebhookDeliveryClient, generateWebhookSecret, parseAllowList, sampleNotificationPayload, signWebhook } from '@quayside/webhooks';
import type { DatabaseConnection } from '@quayside/data-access';
import { Agent, request } from 'undici';
import { fasterRound, interleavedRounds } from '../report/faster-round';
import type { Measurement, ResultRow } from '../report/results-table';
import { freePort, peakRssMb, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';
import { dropRowLeftovers } from '../support/row-leftovers';
import { runTimedLoop } from '../support/timed-loop';
import { toMeasurement } from '../tracker/tracker-bench';
import { PendingDeliveries } from './pending-deliveries';

const EVENT = 'container.transport.vessel_departed';
/** Webhooks the dispatcher spreads its deliveries over: 4 × the per-endpoint cap of 4 = the 16 slots of one dispatcher. */
const WEBHOOKS = 4;
const WARM_UP = { durationMs: 1_000, maxOperations: 500 };
/** In the fairness row, one notification in this many more goes to the endpoint that answers after 2 s. */
const SLOW_SHARE = 5;
const POLL_MS = 50;
/**
 * Deliveries made first and not counted, as every other row warms up: the dispatcher process is
 * new at each row, and its first deliveries pay for compiling its code, opening its connections
 * and preparing its statements, which a running dispatcher paid long ago. 500 (the other rows'
 * count) were not enough for the compiler: in a harness of this row (2026-11-27, night) the timed
 * 6,000 cost the dispatcher 230–277 µs of CPU each after 500, 188–223 after 3,000 and 207–212
 * after 6,000 (bench/README.md, "The dispatcher's warm-up").
 */
const WARM_UP_DELIVERIES = 3000;

export interface WebhookBenchOptions {
  durationMs: number;
  rounds: number;
  concurrency: number;
  dispatcherDeliveries: number;
  /** Environment of the dispatcher process (database, Redis, prefix, inherited basics). */
  dispatcherEnv: Record<string, string>;
}

/**
 * Webhook deliveries per second against one local receiver (a process of its own):
 * - the delivery path in process: the stored payload serialized, both signatures computed, and
 *   `WebhookDeliveryClient.post` (URL policy, guarded connect, timeout, capped answer), against
 *   a bare `undici` request loop posting the same bytes, at the same concurrency;
 * - the dispatcher as a process: notifications and their `deliver` outbox rows committed at
 *   once, until every one is recorded `succeeded` (relay, Bull, endpoint semaphore, signing,
 *   post, the recording transaction), against the same bare loop.
 */
export class WebhookBench {
  private receiver: ChildProcess | null = null;
  private receiverUrl = '';
  private webhookIds: string[] = [];
  private slowWebhookId = '';
  private readonly payload = sampleNotificationPayload(EVENT);
  /** The document as fan-out stores it and the dispatcher posts it (`json`: the text kept as written). */
  private readonly body = JSON.stringify(this.payload);
  private readonly secret = generateWebhookSecret();

  constructor(
    private readonly dataSource: DatabaseConnection,
    private readonly accountId: string,
    private readonly options: WebhookBenchOptions,
  ) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.receiver = spawnTypeScript({
      script: 'bench/servers/webhook-receiver.server.ts',
      args: [String(port)],
      env: this.options.dispatcherEnv,
    });
    this.receiverUrl = `http://127.0.0.1:${port}`;
    await waitUntilServing(this.receiverUrl, this.receiver);
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO webhooks (account_id, url, events, secret)
       SELECT $1, $2 || '/hooks/' || n, '{}', $3 FROM generate_series(1, $4::int) AS n RETURNING id`,
      [this.accountId, this.receiverUrl, generateWebhookSecret(), WEBHOOKS],
    );
    this.webhookIds = rows.map((row) => row.id);
    const [slow] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO webhooks (account_id, url, events, secret) VALUES ($1, $2 || '/slow/1', '{}', $3) RETURNING id`,
      [this.accountId, this.receiverUrl, generateWebhookSecret()],
    );
    this.slowWebhookId = slow!.id;
  }

  async stop(): Promise<void> {
    if (this.receiver) await stopChild(this.receiver);
  }

  /** The in-process row and the dispatcher row of one size; both share the bare loop's figure. */
  async run(size: number): Promise<ResultRow[]> {
    const client = new WebhookDeliveryClient({ policy: { allowHttp: true, allow: parseAllowList('127.0.0.1') }, timeoutMs: 15_000 });
    const agent = new Agent();
    let measured: { quayside: Measurement; bare: Measurement };
    try {
      const signed = this.loop((index) => this.postSigned(client, index));
      const plain = this.loop((index) => this.postBare(agent, index));
      await signed.warmUp();
      await plain.warmUp();
      measured = await interleavedRounds(this.options.rounds, { quayside: signed.round, bare: plain.round });
    } finally {
      await client.close();
      await agent.close();
    }
    const dispatcher = await this.measureDispatcher(false);
    const fairness = await this.measureDispatcher(true);
    return [
      {
        hotPath: 'webhook delivery (sign + WebhookDeliveryClient.post)',
        size,
        unit: 'ops/s',
        quayside: measured.quayside,
        bare: measured.bare,
      },
      { hotPath: 'webhook delivery (dispatcher process, end to end)', size, unit: 'ops/s', quayside: dispatcher, bare: measured.bare },
      {
        hotPath: 'webhook delivery (dispatcher, fast endpoints beside one answering after 2 s)',
        size,
        unit: 'ops/s',
        quayside: fairness,
        bare: measured.bare,
      },
    ];
  }

  /** What `DeliveryService` does per attempt: sign the stored document's text and post it with the client. */
  private async postSigned(client: WebhookDeliveryClient, index: number): Promise<void> {
    const body = this.body;
    const result = await client.post({
      url: `${this.receiverUrl}/hooks/${(index % WEBHOOKS) + 1}`,
      body,
      signatureHeaders: {
        ...signWebhook({ secret: this.secret, id: this.payload.data.id, timestamp: Math.floor(Date.now() / 1000), body }),
      },
      customHeaders: [],
    });
    if (!result.succeeded) throw new Error(result.error ?? `answered ${result.status}`);
  }

  private async postBare(agent: Agent, index: number): Promise<void> {
    const response = await request(`${this.receiverUrl}/hooks/${(index % WEBHOOKS) + 1}`, {
      method: 'POST',
      body: this.body,
      headers: { 'content-type': 'application/json' },
      dispatcher: agent,
    });
    await response.body.text();
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
  }

  private loop(operation: (index: number) => Promise<void>): { warmUp: () => Promise<void>; round: () => Promise<Measurement> } {
    const { concurrency, durationMs } = this.options;
    return {
      warmUp: async () => {
        await runTimedLoop(operation, { concurrency, ...WARM_UP });
      },
      round: async () => toMeasurement(await runTimedLoop(operation, { concurrency, durationMs, maxOperations: 10_000_000 })),
    };
  }

  /**
   * The dispatcher as a process. With `slow`, one notification in SLOW_SHARE more goes to an
   * endpoint that answers after 2 s, and only the fast endpoints' deliveries are timed and
   * counted: one slow receiver must not hold the others back (issue 12, the fairness row).
   * WARM_UP_DELIVERIES to the fast endpoints go first, not counted; then `rounds` timed batches.
   */
  private async measureDispatcher(slow: boolean): Promise<Measurement> {
    const opsPort = await freePort();
    const dispatcher = spawnApp('webhook-dispatcher', {
      ...this.options.dispatcherEnv,
      OPS_PORT: String(opsPort),
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    try {
      await waitUntilServing(`http://127.0.0.1:${opsPort}/health/ready`, dispatcher);
      const warmUp = await this.deliver(WARM_UP_DELIVERIES, false);
      if (warmUp.errors > 0) return { ...warmUp, firstError: `warm-up: ${warmUp.firstError ?? ''}`, peakRssMb: peakRssMb(dispatcher) };
      // The bench's rule for every row: the faster of its rounds counts, the errors of all of them too.
      let best: Measurement | null = null;
      for (let round = 0; round < this.options.rounds; round++)
        best = fasterRound(best, await this.deliver(this.options.dispatcherDeliveries, slow));
      return { ...best!, peakRssMb: peakRssMb(dispatcher) };
    } finally {
      await stopChild(dispatcher);
      await dropRowLeftovers(this.dataSource, this.options.dispatcherEnv);
    }
  }

  /**
   * `count` deliveries to the fast endpoints (and with `slow`, a fifth more to the slow one,
   * interleaved with them: fan-out writes one notification per subscribed webhook and event, so
   * a slow receiver's deliveries share the Bull jobs of everyone else's), timed from the commit
   * of their rows until the fast ones are recorded `succeeded`: writing the rows is fan-out's
   * work, not the dispatcher's (until 2026-11-27 the clock started before the insert, which took
   * a sixth of the row's time while the dispatcher had nothing to do).
   */
  private async deliver(count: number, slow: boolean): Promise<Measurement> {
    const pending = new PendingDeliveries(await this.enqueueDeliveries(count, slow));
    const begin = performance.now();
    // Generous but bounded: far beyond any rate seen, so only a stuck dispatcher hits it.
    const deadline = begin + Math.max(60_000, count * 20);
    while (pending.size > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      await pending.poll(this.dataSource);
    }
    const seconds = (performance.now() - begin) / 1000;
    const missing = pending.size;
    const done = count - missing;
    return {
      throughput: done / seconds,
      p50Ms: null,
      p99Ms: null,
      operations: done,
      errors: missing,
      firstError: missing > 0 ? `${missing} of ${count} notifications not delivered after ${seconds.toFixed(0)} s` : null,
    };
  }

  /**
   * What fan-out leaves behind: an event, a pending notification per event and its `deliver`
   * outbox row, committed together: `count` to the fast endpoints in turn and, with `slow`, one
   * more after every SLOW_SHARE of them to the slow one. Returns the fast notifications' ids in
   * the order the relay publishes them (their outbox rows share one `available_at`, so the order
   * of insertion).
   */
  private async enqueueDeliveries(count: number, slow: boolean): Promise<string[]> {
    const total = slow ? count + Math.ceil(count / SLOW_SHARE) : count;
    const rows = await this.dataSource.query<Array<{ id: string; webhook_id: string }>>(
      `WITH stored AS (
         INSERT INTO events (account_id, name, reference_object_type, reference_object_id, payload, occurred_at, dedupe_key)
         SELECT $1, $2, 'transport_event', gen_random_uuid(), '{}', now(), 'bench:' || gen_random_uuid() FROM generate_series(1, $3::int)
         RETURNING id
       ), numbered AS (
         SELECT id, row_number() OVER () AS n FROM stored
       ), notified AS (
         INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload)
         SELECT $1, CASE WHEN $8::uuid IS NOT NULL AND n % ($9::int + 1) = 0 THEN $8::uuid ELSE ($4::uuid[])[1 + n % cardinality($4::uuid[])] END,
                id, $2, 'transport_event', id, $5::json
         FROM numbered ORDER BY n
         RETURNING id, webhook_id
       ), queued AS (
         INSERT INTO outbox (queue, job_name, payload, account_id)
         SELECT $6, $7, jsonb_build_object('notificationId', id), $1 FROM notified
       )
       SELECT id, webhook_id FROM notified`,
      [
        this.accountId,
        EVENT,
        total,
        this.webhookIds,
        this.body,
        QUEUE.webhookDelivery,
        JOB.deliver,
        slow ? this.slowWebhookId : null,
        SLOW_SHARE,
      ],
    );
    return rows.flatMap((row) => (row.webhook_id === this.slowWebhookId ? [] : [row.id]));
  }
}
