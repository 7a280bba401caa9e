import { Logger } from '@nestjs/common';
import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { OutboxRepository } from './outbox.repository';
import { OUTBOX_WAKE_APPLICATION_NAME, OutboxWakeListener } from './outbox-wake.listener';

/** Resolves once `check` holds; gives up after 20 s (a bound for a stuck listener, not a timing expectation). Its own: data-access may not import @quayside/testing. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 20) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still not: ${what}`);
}

describe('OutboxWakeListener', () => {
  let db: ScratchDatabase;
  let outbox: OutboxRepository;
  let listener: OutboxWakeListener;
  let wakes: number;

  const entry = (availableAt?: Date) => ({ queue: 'tracker', jobName: 'track', payload: {}, availableAt });
  const commit = (availableAt?: Date) => db.dataSource.transaction((manager) => outbox.enqueue(manager, entry(availableAt)));

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
    outbox = new OutboxRepository(db.dataSource);
  });

  beforeEach(async () => {
    wakes = 0;
    listener = new OutboxWakeListener(db.dataSource);
    await listener.start(() => (wakes += 1));
    expect(listener.listening).toBe(true);
    // Listening (re)started: the listener tells at once, for rows committed while nobody listened.
    expect(wakes).toBe(1);
  });

  afterEach(async () => {
    await listener.close();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('wakes the relay when rows due now commit, once per transaction however many rows it adds', async () => {
    await db.dataSource.transaction(async (manager) => {
      await outbox.enqueue(manager, entry());
      await outbox.enqueueMany(manager, [entry(), entry()]);
    });
    await eventually(() => wakes === 2, 'woken by the commit');
    await commit();
    await eventually(() => wakes === 3, 'woken by the second commit');
  });

  it('does not wake it for rows due later, nor for a transaction that rolled back', async () => {
    await commit(new Date(Date.now() + 60_000));
    await expect(
      db.dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, entry());
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    // Notifications come in commit order: had either of those woken it, this count would be 3.
    await commit();
    await eventually(() => wakes >= 2, 'woken by the row due now');
    expect(wakes).toBe(2);
  });

  it('listens again after its connection is lost, and says so by waking the relay', async () => {
    const [{ count }] = await db.dataSource.query<[{ count: number }]>(
      `SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [OUTBOX_WAKE_APPLICATION_NAME],
    );
    expect(count).toBe(1);
    await eventually(() => wakes === 2 && listener.listening, 'listening again');
    await commit();
    await eventually(() => wakes === 3, 'woken through the new connection');
  });

  it('listens in one process only; another takes over when that one is gone', async () => {
    let otherWakes = 0;
    const other = new OutboxWakeListener(await db.connectAgain());
    try {
      await other.start(() => (otherWakes += 1), { standbyRetryMs: 50 });
      expect(other.listening).toBe(false);
      await commit();
      await eventually(() => wakes === 2, 'the listening one woken');
      expect(otherWakes).toBe(0);

      await listener.close();
      await eventually(() => other.listening, 'the other one listening');
      // Taking over, it tells at once (rows may have come while nobody listened), then per commit.
      expect(otherWakes).toBe(1);
      await commit();
      await eventually(() => otherWakes === 2, 'the other one woken by a commit');
      expect(wakes).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('started again after it was closed, listens at once and reports no outage', async () => {
    const said = [jest.spyOn(Logger.prototype, 'log'), jest.spyOn(Logger.prototype, 'warn')];
    try {
      await listener.close();
      await listener.start(() => (wakes += 1));
      expect(listener.listening).toBe(true);
      expect(wakes).toBe(2);
      await commit();
      await eventually(() => wakes === 3, 'woken by a commit after the restart');
      // Closing ends its connection, which is no lost connection: nothing to warn of, nor to report as mended.
      expect(said.flatMap((spy) => spy.mock.calls)).toEqual([]);
    } finally {
      for (const spy of said) spy.mockRestore();
    }
  });

  it('stops for good when closed', async () => {
    await listener.close();
    expect(listener.listening).toBe(false);
    const connections = async (): Promise<number> => {
      const [{ count }] = await db.dataSource.query<[{ count: number }]>(
        `SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [OUTBOX_WAKE_APPLICATION_NAME],
      );
      return count;
    };
    await eventually(async () => (await connections()) === 0, 'its connection gone');
    await commit();
    await commit();
    expect(wakes).toBe(1);
  });
});
