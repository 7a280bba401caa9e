import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { validateDcsa3Push } from '@quayside/carriers';
import {
  CarrierShipmentEntity,
  DcsaPushedEventRepository,
  EventEntity,
  inFixtureTransaction,
  OutboxEntity,
  OutboxRepository,
  ShipmentEntity,
  TrackingRequestEntity,
} from '@quayside/data-access';
import { JOB, jobRoute, outboxJob, QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { containerCheckDigit } from '@quayside/domain';
import type { Queue } from 'bull';
import Redis from 'ioredis';
import { AppModule } from '../app.module';
import { Dcsa3CarrierServer } from '../test/dcsa3-carrier-server';
import { TEST_REDIS_URL, testTrackerConfig } from '../test/tracker-test-harness';

type Event = Record<string, unknown>;
const FIXTURES = resolve(__dirname, '../../../../libs/carriers/src/dcsa/fixtures');
const DAY_MS = 86_400_000;

/**
 * The first six events of the 3.0 journey of the DCSA fixtures (booked, gated out and in, loaded,
 * departed from Shanghai, arrival at Los Angeles estimated), moved in time so the vessel left five
 * days ago and arrives in nine: a shipment followed now, whose arrival estimate a carrier may move.
 * `copy` > 0 makes another shipment of the same journey (its own booking, bill and container).
 */
function journeyUnderWay(copy: number): Event[] {
  const serial = String(123456 + copy).padStart(6, '0');
  const container = `MSKU${serial}${containerCheckDigit(`MSKU${serial}`) ?? ''}`;
  const booking = copy === 0 ? 'QSBK300001' : `QSBK9${String(copy).padStart(5, '0')}`;
  const events = (JSON.parse(readFileSync(resolve(FIXTURES, 'dcsa3-journey.json'), 'utf8')) as { events: Event[] }).events.slice(0, 6);
  const departed = Date.parse(String(events[4]!['eventDateTime']));
  const shift = Date.now() - 5 * DAY_MS - departed;
  const moved = (value: unknown): string => new Date(Date.parse(String(value)) + shift).toISOString();
  return events.map(
    (event) =>
      JSON.parse(
        JSON.stringify({
          ...event,
          eventDateTime: moved(event['eventDateTime']),
          eventUpdatedDateTime: moved(event['eventUpdatedDateTime']),
        })
          .replaceAll('QSBK300001', booking)
          .replaceAll('QSBL300001', booking.replace('BK', 'BL'))
          .replaceAll('MSKU1234565', container),
      ) as Event,
  );
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * The tracker-worker as it runs (Bull, the relay, the start-up check) with two DCSA 3.0 carriers
 * on 127.0.0.1: HLCU pushes, MAEU is only polled and stops answering. Pushed changes run on the
 * `dcsa-push` queue (docs/dcsa.md, "Carriers that push"), so the scheduled refreshes stuck on MAEU
 * hold none of them back.
 */
describe('pushed DCSA 3.0 changes are applied on a queue of their own', () => {
  const pushing = new Dcsa3CarrierServer();
  const polled = new Dcsa3CarrierServer();
  // More routine refreshes than the tracker queue runs at once (the sum of its handlers' concurrency, 13), so some wait.
  const MAEU_COPIES = Array.from({ length: 20 }, (_, i) => i + 1);
  let db: TestDatabase;
  let prefix: string;
  let app: INestApplicationContext;

  beforeAll(async () => {
    const [hlcuUrl, maeuUrl] = await Promise.all([pushing.start(), polled.start()]);
    pushing.published = journeyUnderWay(0);
    polled.published = MAEU_COPIES.flatMap(journeyUnderWay);
    db = await createTestDatabase();
    prefix = testRedisPrefix();
    const config = testTrackerConfig(db.url, prefix, {
      CARRIERS_CONFIG: JSON.stringify({
        carriers: [
          { scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl: hlcuUrl },
          // A held request must not time out while the test looks: it ends when the test releases it.
          { scac: 'MAEU', kind: 'dcsa', version: '3.0', baseUrl: maeuUrl, timeoutMs: 600_000, maxConcurrency: 16 },
        ],
        terminals: [],
        rail: [],
      }),
      OUTBOX_POLL_INTERVAL_MS: 50,
      REFRESH_LEASE_MS: 900_000,
      DCSA_PUSH_CONCURRENCY: 2,
    });
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, {}), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    polled.release();
    await app.close();
    await Promise.all([pushing.stop(), polled.stop()]);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.drop();
  });

  /** A tracking request as the api writes it; resolves with its shipment once it succeeded. */
  async function track(accountId: string, booking: string, scac: string): Promise<ShipmentEntity> {
    const requestId = await inFixtureTransaction(db.dataSource, async (manager) => {
      const request = await manager.getRepository(TrackingRequestEntity).save(
        manager.getRepository(TrackingRequestEntity).create({
          account_id: accountId,
          request_number: booking,
          request_type: 'booking_number',
          scac,
          ref_numbers: [],
          tags: [],
        }),
      );
      await app.get(OutboxRepository).enqueue(manager, outboxJob(JOB.trackRequest, { trackingRequestId: request.id }, { accountId }));
      return request.id;
    });
    const done = await waitFor(`the request for ${booking} to succeed`, async () => {
      const request = await db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id: requestId });
      return request.status === 'succeeded' ? request : null;
    });
    return db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id: done.tracked_object_id ?? '' });
  }

  const events = (accountId: string): Promise<EventEntity[]> =>
    db.dataSource.getRepository(EventEntity).find({ where: { account_id: accountId }, order: { created_at: 'ASC', id: 'ASC' } });

  /** What the api does with a pushed body: checks it, then stores it with a job for every followed shipment it names. */
  async function push(body: Event[]): Promise<{ stored: number; refreshed: string[] }> {
    const checked = await validateDcsa3Push({ events: body }, new Date());
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    return app.get(DcsaPushedEventRepository).record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
  }

  it('while the scheduled refreshes wait on a carrier that does not answer, a pushed arrival estimate is applied and notified once, without asking the carrier', async () => {
    const account = (await createAccount(db.dataSource)).id;
    const followed = await track(account, 'QSBK300001', 'HLCU');
    const maeu = await Promise.all(MAEU_COPIES.map((copy) => track(account, `QSBK9${String(copy).padStart(5, '0')}`, 'MAEU')));
    const tracker = app.get<Queue>(getQueueToken(QUEUE.tracker));

    // MAEU stops answering; a scheduler tick's worth of its routine refreshes fills the tracker queue.
    // One routine refresh of HLCU's shipment: it is now asked by its bill of lading (the broadest number the
    // carrier gave), and that answer is what Quayside keeps of it.
    const refreshed = await inFixtureTransaction(db.dataSource, (manager) =>
      app
        .get(OutboxRepository)
        .enqueue(manager, outboxJob(JOB.refreshCarrierShipments, { carrierShipmentIds: [followed.carrier_shipment_id ?? ''] })),
    );
    await waitFor('the routine refresh of the pushing carrier', async () =>
      (await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: refreshed.id })).completed_at !== null ? true : null,
    );
    expect(pushing.asked.at(-1)).toBe('QSBL300001');
    const askedBeforePush = pushing.asked.length;
    const scheduled = await db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: followed.carrier_shipment_id ?? '' });

    polled.hold();
    await inFixtureTransaction(db.dataSource, (manager) =>
      app.get(OutboxRepository).enqueueMany(
        manager,
        maeu.map((shipment) => outboxJob(JOB.refreshCarrierShipments, { carrierShipmentIds: [shipment.carrier_shipment_id ?? ''] })),
      ),
    );
    await waitFor('the routine refreshes to hold every slot and queue behind them', async () => {
      const [active, waiting] = await Promise.all([tracker.getActiveCount(), tracker.getWaitingCount()]);
      return active >= 2 && waiting >= 2 && polled.holding() >= 2;
    });

    const before = await events(account);
    const estimate = pushing.published[5]!;
    const moved = {
      ...estimate,
      eventDateTime: new Date(Date.parse(String(estimate['eventDateTime'])) + DAY_MS).toISOString(),
      eventUpdatedDateTime: new Date().toISOString(),
    };
    const recorded = await push([moved]);
    expect(recorded).toMatchObject({ stored: 1, refreshed: [followed.carrier_shipment_id] });

    const notified = await waitFor('the moved estimate to be stored as an event', async () => {
      const now = await events(account);
      return now.length > before.length ? now.slice(before.length) : null;
    });
    // The one change, stored in one transaction: the shipment's estimate and its container's.
    expect(notified.map((event) => event.name).sort()).toEqual([
      'container.transport.estimated.vessel_arrived',
      'shipment.estimated.arrival',
    ]);
    const fanOut = await db.dataSource.getRepository(OutboxEntity).findBy({ job_name: JOB.fanOut, account_id: account });
    for (const event of notified) expect(fanOut.filter((row) => row.payload['eventId'] === event.id)).toHaveLength(1);
    const applyJobs = await db.dataSource.getRepository(OutboxEntity).findBy({ job_name: JOB.applyDcsaPush });
    expect(applyJobs.map((row) => [row.queue, row.payload, row.completed_at !== null])).toEqual([
      [QUEUE.dcsaPush, { carrierShipmentId: followed.carrier_shipment_id }, true],
    ]);
    // Applied over HLCU's kept answer: HLCU was not asked again.
    expect(pushing.asked).toHaveLength(askedBeforePush);
    // Nor is its next poll put off: polling stays the reconciliation, on its schedule.
    const after = await db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: followed.carrier_shipment_id ?? '' });
    expect(after.next_refresh_at?.getTime()).toBe(scheduled.next_refresh_at?.getTime());
    expect(after.next_refresh_at).not.toBeNull();
    // All the while, MAEU answered none of the routine refreshes, and they still wait.
    expect(polled.holding()).toBeGreaterThanOrEqual(2);
    expect(await tracker.getWaitingCount()).toBeGreaterThanOrEqual(2);

    // The same version pushed again: nothing is stored, no job is written, so nothing can change.
    expect(await push([moved])).toMatchObject({ stored: 0, refreshed: [] });
    expect(await db.dataSource.getRepository(OutboxEntity).countBy({ job_name: JOB.applyDcsaPush })).toBe(1);

    polled.release();
    await waitFor('the routine refreshes to complete', async () =>
      (await db.dataSource.getRepository(OutboxEntity).findBy({ job_name: JOB.refreshCarrierShipments })).every(
        (row) => row.completed_at !== null,
      ),
    );
    // The routine refreshes then find the carrier's answer with the pushed version already applied: nothing more.
    expect((await events(account)).map((event) => event.id)).toEqual([...before, ...notified].map((event) => event.id));
  }, 600_000);
});
