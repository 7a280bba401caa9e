import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CarrierAdapter, CarrierTrackQuery, CarrierTrackResult, RailAdapter, TerminalAdapter } from '@quayside/carriers';
import {
  CarrierShipmentEntity,
  ContainerEntity,
  EventEntity,
  inFixtureTransaction,
  OutboxEntity,
  OutboxRepository,
  ShipmentEntity,
  TrackingRequestEntity,
} from '@quayside/data-access';
import type { TrackingSource } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Queue } from 'bull';
import Redis from 'ioredis';
import { sandboxOnlyRegistryConfig } from './adapters/adapter-registry-config';
import { ConfigTrackingAdapters } from './adapters/config-tracking-adapters';
import { TrackingAdapters } from './adapters/tracking-adapters';
import { AppModule } from './app.module';
import { ScheduleRefreshesService } from './scheduler/schedule-refreshes.service';
import { TEST_REDIS_URL, testTrackerConfig } from './test/tracker-test-harness';
import type { TimeScale } from './adapters/time-scale';

/** The configured sandbox adapters, counting carrier calls per number. */
class CountingAdapters extends TrackingAdapters {
  readonly calls: string[] = [];
  constructor(private readonly inner: ConfigTrackingAdapters) {
    super();
  }
  carrier(scac: string): CarrierAdapter | null {
    const adapter = this.inner.carrier(scac);
    if (adapter === null) return null;
    return {
      track: async (query: CarrierTrackQuery): Promise<CarrierTrackResult> => {
        this.calls.push(query.number);
        return adapter.track(query);
      },
    };
  }
  terminal(firmsCode: string): TerminalAdapter | null {
    return this.inner.terminal(firmsCode);
  }
  rail(scac: string): RailAdapter | null {
    return this.inner.rail(scac);
  }
  timeScale(scac: string): TimeScale {
    return this.inner.timeScale(scac);
  }
  sources(): readonly TrackingSource[] {
    return this.inner.sources();
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A day of the sandbox in one second: the scheduler's cadence floor (2 s) is two scenario days.
const COMPRESSION = 86_400;

describe('tracker-worker app (real Postgres, Redis, Bull and relay)', () => {
  let db: TestDatabase;
  let prefix: string;
  let app: INestApplicationContext;
  let adapters: CountingAdapters;

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = testRedisPrefix();
    const config = testTrackerConfig(db.url, prefix, {
      SANDBOX_CLOCK_COMPRESSION: COMPRESSION,
      OUTBOX_POLL_INTERVAL_MS: 50,
      SCHEDULER_TICK_MS: 500,
      // A cycle's next refresh comes no sooner than ten minutes: the one-cycle test below counts
      // carrier calls, and a slow machine must not see the next cycle start inside its wait.
      REFRESH_MIN_INTERVAL_MS: 600_000,
    });
    adapters = new CountingAdapters(new ConfigTrackingAdapters(sandboxOnlyRegistryConfig(COMPRESSION)));
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { adapters }), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.drop();
  });

  async function track(accountId: string, number: string): Promise<string> {
    return inFixtureTransaction(db.dataSource, async (manager) => {
      const request = await manager.getRepository(TrackingRequestEntity).save(
        manager.getRepository(TrackingRequestEntity).create({
          account_id: accountId,
          request_number: number,
          request_type: 'bill_of_lading',
          scac: 'TEST',
          ref_numbers: [],
          tags: [],
        }),
      );
      await app
        .get(OutboxRepository)
        .enqueue(manager, { queue: QUEUE.tracker, jobName: JOB.trackRequest, payload: { trackingRequestId: request.id }, accountId });
      return request.id;
    });
  }

  const request = (id: string): Promise<TrackingRequestEntity> =>
    db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id });

  it('starts with a handler for every tracker job and registers the repeatable scheduler and retention ticks', async () => {
    const queue = app.get<Queue>(getQueueToken(QUEUE.tracker));
    const repeatable = await queue.getRepeatableJobs();
    expect(repeatable.map((r) => [r.name, r.id, r.every]).sort()).toEqual([
      [JOB.pruneRetention, 'prune-retention', 600_000],
      [JOB.scheduleRefreshes, 'schedule-refreshes', 500],
    ]);
  });

  it('a tracking request written by the api (row + outbox) is relayed, tracked and succeeds, with its fan-out rows', async () => {
    const account = await createAccount(db.dataSource);
    const id = await track(account.id, 'TEST-TR-SUCCEEDED');
    const done = await waitFor('the request to succeed', async () => ((await request(id)).status === 'succeeded' ? request(id) : null));
    expect(done).toMatchObject({ status: 'succeeded', is_retrying: false });
    const events = await db.dataSource.getRepository(EventEntity).find({ where: { account_id: account.id }, order: { created_at: 'ASC' } });
    expect(events[0]?.name).toBe('tracking_request.succeeded');
    const fanOut = await db.dataSource.getRepository(OutboxEntity).findBy({ queue: QUEUE.webhookFanout, account_id: account.id });
    expect(fanOut.map((row) => row.payload['eventId']).sort()).toEqual(events.map((e) => e.id).sort());
    const trackJob = await db.dataSource
      .getRepository(OutboxEntity)
      .findOneByOrFail({ job_name: JOB.trackRequest, account_id: account.id });
    expect(trackJob.completed_at).not.toBeNull();
  });

  it('one physical shipment tracked by two accounts is fetched once per scheduled cycle and fanned out to both', async () => {
    const first = await createAccount(db.dataSource);
    const second = await createAccount(db.dataSource);
    const ids = [await track(first.id, 'TEST-TR-HOLDS'), await track(second.id, 'TEST-TR-HOLDS')];
    await waitFor('both requests to succeed', async () => (await Promise.all(ids.map(request))).every((r) => r.status === 'succeeded'));
    const shipments = await db.dataSource.getRepository(ShipmentEntity).findBy({ bill_of_lading_number: 'TEST-TR-HOLDS' });
    expect(shipments).toHaveLength(2);

    // One physical shipment behind both records, with one schedule.
    expect(new Set(shipments.map((s) => s.carrier_shipment_id)).size).toBe(1);
    const physical = shipments[0]!.carrier_shipment_id!;

    // Make it due now and run one tick by hand (the repeatable one may run too: claims never overlap).
    const before = adapters.calls.filter((n) => n === 'TEST-TR-HOLDS').length;
    await db.dataSource.query(`UPDATE carrier_shipments SET next_refresh_at = now() - interval '1 second' WHERE id = $1`, [physical]);
    const tick = await app.get(ScheduleRefreshesService).tick(new Date(), () => 0);
    // Unless the repeatable tick claimed it first, this tick wrote its one refresh job.
    expect(tick.enqueued.filter((id) => id !== physical)).toEqual([]);
    const refreshed = await waitFor('the refresh job to complete', async () => {
      const [job] = await db.dataSource
        .getRepository(OutboxEntity)
        .find({ where: { job_name: JOB.refreshCarrierShipments }, order: { created_at: 'DESC' } });
      return job?.completed_at ? job : null;
    });
    expect(refreshed.payload).toEqual({ carrierShipmentIds: [physical] });
    expect(adapters.calls.filter((n) => n === 'TEST-TR-HOLDS').length).toBe(before + 1);
    const after = await db.dataSource.getRepository(ShipmentEntity).findBy({ bill_of_lading_number: 'TEST-TR-HOLDS' });
    for (const shipment of after) {
      expect(shipment.line_tracking_last_succeeded_at?.getTime()).toBeGreaterThan(
        shipments[0]?.line_tracking_last_succeeded_at?.getTime() ?? 0,
      );
    }
    const carrierShipment = await db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: physical });
    expect(carrierShipment.next_refresh_at?.getTime()).toBeGreaterThan(Date.now());
  });

  it('a manual container refresh (PATCH /containers/{id}/refresh → outbox row) refreshes its shipment at once', async () => {
    const account = await createAccount(db.dataSource);
    const id = await track(account.id, 'TEST-TR-FEES');
    await waitFor('the request to succeed', async () => (await request(id)).status === 'succeeded');
    const shipmentId = (await request(id)).tracked_object_id ?? '';
    const container = await db.dataSource.getRepository(ContainerEntity).findOneByOrFail({ shipment_id: shipmentId });
    const before = (await db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id: shipmentId })).line_tracking_last_succeeded_at;
    await db.dataSource.query(
      `UPDATE carrier_shipments SET next_refresh_at = now() + interval '1 day' WHERE id = (SELECT carrier_shipment_id FROM shipments WHERE id = $1)`,
      [shipmentId],
    );
    const row = await inFixtureTransaction(db.dataSource, (manager) =>
      app.get(OutboxRepository).enqueue(manager, {
        queue: QUEUE.tracker,
        jobName: JOB.refreshContainer,
        payload: { containerId: container.id },
        accountId: account.id,
      }),
    );
    await waitFor(
      'the manual refresh to complete',
      async () => (await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: row.id })).completed_at !== null,
    );
    const after = (await db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id: shipmentId })).line_tracking_last_succeeded_at;
    expect(after?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
