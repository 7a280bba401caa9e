import { getQueueToken } from '@nestjs/bull';
import type { TestingModule } from '@nestjs/testing';
import { Test } from '@nestjs/testing';
import { DataAccessModule, OutboxRepository, inFixtureTransaction } from '@quayside/data-access';
import { createTestDatabase, eventually, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { JOB, QUEUE } from '../contract/queue-contract';
import { QueuesModule } from '../queues.module';

// Against the real Postgres and Redis: the wake-up follows a commit of the relay's own process (OutboxCommitSubscriber).
describe('OutboxRelayService, woken by commits', () => {
  let db: TestDatabase;
  let app: TestingModule;
  let outbox: OutboxRepository;
  let queue: Queue;

  /** A commit through `dataSource`: the test's own connection (another process) or the app's. */
  const commit = (dataSource: DataSource) =>
    inFixtureTransaction(dataSource, (manager) =>
      outbox.enqueue(manager, { queue: QUEUE.tracker, jobName: JOB.scheduleRefreshes, payload: {} }),
    );
  const published = async (id: string): Promise<boolean> => {
    const [row] = await db.dataSource.query<Array<{ published: boolean }>>(
      `SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = $1`,
      [id],
    );
    return row?.published === true && (await queue.getJob(id)) !== null;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    outbox = new OutboxRepository(db.dataSource);
  });

  afterEach(async () => {
    await app?.close();
  });

  afterAll(async () => {
    await db.drop();
  });

  async function boot(): Promise<void> {
    app = await Test.createTestingModule({
      imports: [
        DataAccessModule.forRoot({ databaseUrl: db.url }),
        // A minute between polls: only a wake-up publishes a row committed after the first pass.
        QueuesModule.forRoot({
          redis: { url: 'redis://127.0.0.1:6379' },
          prefix: testRedisPrefix(),
          consumes: [],
          relay: { pollIntervalMs: 60_000, redeliverAfterMs: 300_000, maxPublishes: 12, wakeOnCommit: true },
        }),
      ],
    }).compile();
    await app.init();
    queue = app.get<Queue>(getQueueToken(QUEUE.tracker));
  }

  it('publishes a row as soon as it is committed, not at the next poll', async () => {
    // Committed before the relay starts: its first pass takes it, and then it polls a minute later.
    const first = await commit(db.dataSource);
    await boot();
    await eventually(
      () => published(first.id),
      (yes) => yes,
      'the first pass published the row committed before it',
    );
    const second = await commit(app.get(DataSource));
    await eventually(
      () => published(second.id),
      (yes) => yes,
      'the row committed after the first pass is published',
    );
    const third = await commit(app.get(DataSource));
    await eventually(
      () => published(third.id),
      (yes) => yes,
      'and the next one too',
    );
  });
});
