import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { OutboxRepository } from './outbox.repository';

describe('OutboxCommitSubscriber (a commit that added outbox rows wakes the relay of its process)', () => {
  let db: ScratchDatabase;
  let outbox: OutboxRepository;
  /** What the relay would have seen: for each wake, the rows committed and due at that moment. */
  let wakes: number[];
  let stop: () => void;

  const committedRows = async (): Promise<number> => {
    const [row] = await db.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM outbox WHERE available_at <= now()`,
    );
    return row!.count;
  };
  const entry = (availableAt?: Date) => ({ queue: 'tracker', jobName: 'track', payload: {}, ...(availableAt ? { availableAt } : {}) });

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    outbox = new OutboxRepository(db.dataSource);
    const subscriber = new OutboxCommitSubscriber(db.dataSource);
    stop = subscriber.onRowsCommitted(() => {
      // The count is read as the relay's claim would be: after the commit, from another connection.
      wakes.push(-1);
      const at = wakes.length - 1;
      void committedRows().then((count) => (wakes[at] = count));
    });
  });

  afterAll(async () => {
    stop();
    await db.drop();
  });

  beforeEach(async () => {
    await db.dataSource.query('DELETE FROM outbox');
    wakes = [];
  });

  const settled = async (): Promise<number[]> => {
    // Each wake's count is read asynchronously; wait for the reads, not for time.
    while (wakes.includes(-1)) await new Promise((resolve) => setImmediate(resolve));
    return wakes;
  };

  it('wakes once the transaction that added the rows has committed, and the rows are there to claim', async () => {
    await db.dataSource.transaction(async (manager) => {
      await outbox.enqueue(manager, entry());
      await outbox.enqueueMany(manager, [entry(), entry()]);
      expect(wakes).toEqual([]);
    });
    await expect(settled()).resolves.toEqual([3]);
  });

  it('does not wake for a transaction rolled back, nor for rows due later', async () => {
    await expect(
      db.dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, entry());
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(new Date(Date.now() + 60_000))));
    // A commit with rows due now after both: the only wake, and it sees none of the others' rows due.
    await db.dataSource.transaction((manager) => outbox.enqueue(manager, entry()));
    await expect(settled()).resolves.toEqual([1]);
  });

  it('waits for the outermost commit when the rows were added under a savepoint', async () => {
    await db.dataSource.transaction(async (manager) => {
      await manager.transaction((inner) => outbox.enqueue(inner, entry()));
      expect(wakes).toEqual([]);
    });
    await expect(settled()).resolves.toEqual([1]);
  });

  it('wakes at once for rows added outside a transaction (the statement committed them)', async () => {
    await outbox.enqueue(db.dataSource.manager, entry());
    await expect(settled()).resolves.toEqual([1]);
  });
});
