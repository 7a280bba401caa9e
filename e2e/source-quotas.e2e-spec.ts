import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { CarrierShipmentEntity, inFixtureTransaction } from '@quayside/data-access';
import { createAccount, createShipment, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AppProcess, ROOT } from './support/app-process';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';

/**
 * DCSA's published Track & Trace 2.2 conformance message (libs/carriers/src/dcsa/fixtures/README.md
 * cites its source), served as the answer to every poll.
 */
const PUBLISHED_EXAMPLE = readFileSync(resolve(ROOT, 'libs/carriers/src/dcsa/fixtures/tnt-220-response.json'), 'utf8');
// More than two minutes' worth, so many 60-second windows are checked.
const SHIPMENTS = 130;
const REQUESTS_PER_MINUTE = 60;
const MAX_CONCURRENCY = 2;
/** Each answer is held this long, so requests overlap and the concurrency cap is what holds them back at first. */
const ANSWER_MS = 1500;
/** The request answered 429 with `Retry-After: 30`. */
const THROTTLED_REQUEST = 70;
const RETRY_AFTER_S = 30;

/**
 * A DCSA carrier on 127.0.0.1 that logs every request by its own clock (arrival, and how many
 * were in flight), answers each with the published example after ANSWER_MS, and answers one
 * request 429 with Retry-After.
 */
class LoggingDcsaCarrier {
  readonly arrivals: number[] = [];
  throttledAt: number | null = null;
  peakInFlight = 0;
  private inFlight = 0;
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const arrived = Date.now();
      this.arrivals.push(arrived);
      this.inFlight += 1;
      this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
      response.once('close', () => (this.inFlight -= 1));
      if (this.arrivals.length === THROTTLED_REQUEST) {
        this.throttledAt = arrived;
        response.writeHead(429, { 'retry-after': String(RETRY_AFTER_S), 'content-type': 'application/json' }).end('{}');
        return;
      }
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(PUBLISHED_EXAMPLE), ANSWER_MS);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

const metric = (text: string, name: string, labels: string): number =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

/**
 * Two tracker-worker processes refresh 130 due shipments of one carrier whose configuration says
 * `requestsPerMinute: 60, maxConcurrency: 2` (docs/carriers.md, "Limits"): the carrier's own
 * request log never shows more than 60 requests in any 60 seconds nor more than 2 at once, and
 * its 429 with `Retry-After: 30` keeps both workers away for 30 seconds. 130 requests at 60 a
 * minute take over two minutes: this runs in the e2e target.
 */
describe('a carrier quota held across two tracker-workers', () => {
  let db: TestDatabase;
  let prefix: string;
  const carrier = new LoggingDcsaCarrier();
  const workers: AppProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = testRedisPrefix();
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    await carrier.close();
    await deleteRedisKeys(prefix);
    await db.drop();
  });

  it(
    'never lets the carrier see more than 60 requests a minute or 2 at once, and a 429 pauses both workers',
    async () => {
      const carrierUrl = await carrier.listen();
      const account = await createAccount(db.dataSource);
      const due = new Date(Date.now() - 60_000);
      await inFixtureTransaction(db.dataSource, async (manager) => {
        for (let i = 0; i < SHIPMENTS; i += 1) {
          const number = `QUOTA${String(i).padStart(7, '0')}`;
          const physical = await manager.getRepository(CarrierShipmentEntity).save({
            shipping_line_scac: 'DCSA',
            normalized_number: number,
            query_type: 'bill_of_lading',
            query_number: number,
            tracking_since: due,
            next_refresh_at: due,
          });
          await createShipment(manager, account.id, {
            shipping_line_scac: 'DCSA',
            bill_of_lading_number: number,
            normalized_number: number,
            carrier_reference: number,
            carrier_shipment_id: physical.id,
          });
        }
      });
      for (let i = 0; i < 2; i += 1) {
        workers.push(
          new AppProcess('tracker-worker', {
            DATABASE_URL: db.url,
            REDIS_URL: 'redis://127.0.0.1:6379',
            REDIS_PREFIX: prefix,
            OUTBOX_POLL_INTERVAL_MS: '200',
            SCHEDULER_TICK_MS: '5000',
            CARRIERS_CONFIG: JSON.stringify({
              carriers: [
                {
                  scac: 'DCSA',
                  kind: 'dcsa',
                  baseUrl: carrierUrl,
                  requestsPerMinute: REQUESTS_PER_MINUTE,
                  maxConcurrency: MAX_CONCURRENCY,
                },
              ],
              terminals: [],
              rail: [],
            }),
          }),
        );
      }
      const opsUrls = await Promise.all(workers.map((worker) => worker.opsUrl()));

      const fetched = async (): Promise<number> => {
        const [row] = await db.dataSource.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM carrier_shipments WHERE carrier_fetched_at IS NOT NULL`,
        );
        return row?.n ?? 0;
      };
      // 131 requests at 60 a minute, the 30 s pause within them: some two and a half minutes; a loaded machine only makes it slower.
      await waitFor('every shipment to be refreshed once', async () => (await fetched()) === SHIPMENTS, 15 * 60_000);

      const arrivals = [...carrier.arrivals].sort((a, b) => a - b);
      // The throttled one is asked again after the pause: 131 in all, and no shipment twice beyond it.
      expect(arrivals).toHaveLength(SHIPMENTS + 1);
      // Any 61 consecutive requests span at least 60 s: no 60-second window holds more than 60.
      const tightest = Math.min(...arrivals.slice(REQUESTS_PER_MINUTE).map((at, i) => at - arrivals[i]!));
      expect(tightest).toBeGreaterThanOrEqual(60_000);
      expect(carrier.peakInFlight).toBe(MAX_CONCURRENCY);

      // After the 429, nobody asked the carrier for 30 s (by its own clock), then both workers went on.
      const throttledAt = carrier.throttledAt!;
      const after = arrivals.filter((at) => at > throttledAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after[0]! - throttledAt).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);

      // Both workers asked the carrier, and both met the pause: jobs were put back, not failed.
      const scraped = await Promise.all(opsUrls.map(async (url) => (await fetch(`${url}/metrics`)).text()));
      for (const text of scraped) {
        expect(metric(text, 'quayside_carrier_calls_total', 'source="DCSA"')).toBeGreaterThan(0);
        expect(metric(text, 'quayside_source_max_concurrency', 'source="DCSA"')).toBe(MAX_CONCURRENCY);
        expect(metric(text, 'quayside_source_requests_per_window', 'source="DCSA"')).toBe(REQUESTS_PER_MINUTE);
      }
      expect(scraped.reduce((sum, text) => sum + metric(text, 'quayside_source_backoffs_total', 'reason="paused"'), 0)).toBeGreaterThan(0);
    },
    20 * 60_000,
  );
});
