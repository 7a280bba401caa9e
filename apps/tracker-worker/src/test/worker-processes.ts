import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import Bull from 'bull';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from './tracker-test-harness';

const ROOT = resolve(__dirname, '../../../..');

/** Polls `probe` every 50 ms until it gives a value; fails after `timeoutMs`, naming `what`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The tracker-worker as real processes (the production `main.ts`, run from source) on a database
 * and Redis prefix of their own, for the crash drills: start workers, kill one with SIGKILL, drop a
 * queue's jobs from Redis, deliver a job again; `close` kills what is left and removes both.
 */
export class WorkerProcesses {
  private readonly workers: ChildProcess[] = [];

  private constructor(
    readonly db: TestDatabase,
    readonly prefix: string,
  ) {}

  static async start(): Promise<WorkerProcesses> {
    return new WorkerProcesses(await createTestDatabase(), testRedisPrefix());
  }

  /** A worker with the relay polling every 50 ms and redelivering after 1 s, and `env` on top. */
  startWorker(env: Record<string, string>): ChildProcess {
    const worker = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/tracker-worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: this.prefix,
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_INTERVAL_MS: '50',
        OUTBOX_REDELIVER_AFTER_MS: '1000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.workers.push(worker);
    return worker;
  }

  /** Kills `worker` with SIGKILL and waits until it is gone. */
  async kill(worker: ChildProcess, timeoutMs: number): Promise<void> {
    worker.kill('SIGKILL');
    await waitFor('the worker to die', () => worker.signalCode === 'SIGKILL', timeoutMs);
  }

  /**
   * Drops `queue`'s jobs from Redis. Bull would hand a dead worker's job out again once its lock
   * expires (30 s); without them the faster path is taken: the relay republishes the outbox row.
   */
  async dropQueue(queue: string): Promise<void> {
    await this.deleteKeys(`${this.prefix}:${queue}:*`);
  }

  /** Delivers a job once more (a worker killed after its commit, before the ack); its result. */
  async deliverAgain(queue: string, jobName: string, payload: object, jobId: string): Promise<unknown> {
    const bull = new Bull(queue, TEST_REDIS_URL, { prefix: this.prefix });
    try {
      return (await (await bull.add(jobName, payload, { jobId })).finished()) as unknown;
    } finally {
      await bull.close();
    }
  }

  async close(): Promise<void> {
    for (const worker of this.workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await this.deleteKeys(`${this.prefix}:*`);
    await this.db.drop();
  }

  private async deleteKeys(pattern: string): Promise<void> {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}
