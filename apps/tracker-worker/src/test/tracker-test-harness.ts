import type { Provider } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import {
  CarrierShipmentEntity,
  ContainerEntity,
  DataAccessModule,
  DATABASE_CONNECTION,
  EventEntity,
  inFixtureTransaction,
  OutboxEntity,
  OutboxRepository,
  ShipmentEntity,
  TrackingRequestEntity,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { AccountFeature, RequestType } from '@quayside/domain';
import { JOB, QUEUE } from '@quayside/queues';
import { createAccount, createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { AdaptersModule } from '../adapters/adapters.module';
import type { TrackingAdapters } from '../adapters/tracking-adapters';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';
export const DAY_MS = 86_400_000;

/** The worker config a test runs with: its own database and Redis prefix, quiet logs. */
class TrackerTestConfigModule {}

export function testTrackerConfig(
  databaseUrl: string,
  redisPrefix: string,
  overrides: Partial<TrackerWorkerConfig> = {},
): TrackerWorkerConfig {
  return Object.assign(new TrackerWorkerConfig(), {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface EventSummary {
  name: string;
  container: string | null;
  payload: Record<string, unknown>;
}

/**
 * Use-cases of the worker against a database of their own, without Bull: the test drives
 * every job by hand and passes `now`, so a scenario of weeks plays in milliseconds.
 */
export class TrackerTestHarness {
  private constructor(
    readonly db: TestDatabase,
    readonly module: TestingModule,
    readonly config: TrackerWorkerConfig,
  ) {}

  static async create(
    providers: Provider[],
    overrides: Partial<TrackerWorkerConfig> = {},
    adapters?: TrackingAdapters,
  ): Promise<TrackerTestHarness> {
    const db = await createTestDatabase();
    const config = testTrackerConfig(db.url, testRedisPrefix(), overrides);
    const module = await Test.createTestingModule({
      imports: [
        // What the runtime gives every module of the app (its validated configuration), without Redis or queues.
        {
          module: TrackerTestConfigModule,
          global: true,
          providers: [{ provide: TrackerWorkerConfig, useValue: config }],
          exports: [TrackerWorkerConfig],
        },
        // Planned as the tracker-worker plans them (RuntimeModule, `genericPlans`).
        DataAccessModule.forRoot({ databaseUrl: db.url, genericPlans: true }),
        AdaptersModule.forRoot(config, adapters),
        TrackingStateModule,
      ],
      providers,
    }).compile();
    await module.init();
    return new TrackerTestHarness(db, module, config);
  }

  /** The connection the module's repositories use (not `db.dataSource`, a second pool on the same database). */
  get connection(): DatabaseConnection {
    return this.module.get(DATABASE_CONNECTION);
  }

  async close(): Promise<void> {
    await this.module.close();
    await this.db.drop();
  }

  async account(features: AccountFeature[] = []): Promise<string> {
    return (await createAccount(this.db.dataSource, { features })).id;
  }

  /** A tracking request as the api stores it (row + `track-request` outbox row); returns both ids. */
  async trackingRequest(
    accountId: string,
    number: string,
    createdAt: Date,
    requestType: RequestType = 'bill_of_lading',
    scac = 'TEST',
  ): Promise<{ id: string; outboxId: string }> {
    return inFixtureTransaction(this.db.dataSource, async (manager) => {
      const request = await manager.getRepository(TrackingRequestEntity).save(
        manager.getRepository(TrackingRequestEntity).create({
          account_id: accountId,
          request_number: number,
          request_type: requestType,
          scac,
          ref_numbers: [],
          tags: [],
          created_at: createdAt,
          updated_at: createdAt,
        }),
      );
      const outbox = await this.module.get(OutboxRepository).enqueue(manager, {
        queue: QUEUE.tracker,
        jobName: JOB.trackRequest,
        payload: { trackingRequestId: request.id },
        accountId,
      });
      return { id: request.id, outboxId: outbox.id };
    });
  }

  async request(id: string): Promise<TrackingRequestEntity> {
    return this.db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id });
  }

  async carrierShipment(id: string): Promise<CarrierShipmentEntity> {
    return this.db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id });
  }

  async shipment(id: string): Promise<ShipmentEntity> {
    return this.db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id });
  }

  async containers(shipmentId: string): Promise<ContainerEntity[]> {
    return this.db.dataSource.getRepository(ContainerEntity).find({ where: { shipment_id: shipmentId }, order: { number: 'ASC' } });
  }

  /** Every stored event of the account in emission order, with its container number. */
  async events(accountId: string): Promise<EventSummary[]> {
    const rows = await this.db.dataSource
      .getRepository(EventEntity)
      .find({ where: { account_id: accountId }, order: { created_at: 'ASC', id: 'ASC' } });
    const containers = await this.db.dataSource.getRepository(ContainerEntity).find({ where: { account_id: accountId } });
    const numbers = new Map(containers.map((c) => [c.id, c.number]));
    return rows.map((row) => ({
      name: row.name,
      container: row.container_id === null ? null : (numbers.get(row.container_id) ?? null),
      payload: row.payload,
    }));
  }

  async eventNames(accountId: string): Promise<string[]> {
    return (await this.events(accountId)).map((e) => (e.container === null ? e.name : `${e.name} ${e.container}`));
  }

  /** Outbox rows not yet completed, oldest first. */
  async pendingOutbox(jobName?: string): Promise<OutboxEntity[]> {
    const rows = await this.db.dataSource.getRepository(OutboxEntity).find({ order: { available_at: 'ASC', created_at: 'ASC' } });
    return rows.filter((row) => row.completed_at === null && (jobName === undefined || row.job_name === jobName));
  }
}

/** The instant `days` scenario days after `start` (a real-time sandbox clock). */
export function dayOf(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}
